import Multicast

/// Records the model's side of the trace: files loaded (with their counts and reading time, as the
/// coordinator reports them) and profiles saved (heard from the profile model, like any subscriber).
@MainActor
public final class ModelTrace: ProfileModelDelegate {
    private let log: any EventLog
    private let profile: ProfileModel

    public init(log: any EventLog, profile: ProfileModel) {
        self.log = log
        self.profile = profile
        profile.delegates += self
    }

    func loaded(source: String, places: Int, skipped: Int, milliseconds: Double) {
        log.record(.placesLoaded(source: source, places: places, skipped: skipped, milliseconds: milliseconds))
    }

    public func profileDidChange(_ change: ProfileChange) {
        guard change.outcome == .saved else { return }
        log.record(.profileSaved(name: profile.name, city: profile.homeCity?.displayName))
    }
}
