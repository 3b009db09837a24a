import Multicast

/// The person's profile, shared by every tab: their name, home city and unit of distance.
/// The home city is the one place the app keeps "home": every distance is measured from it.
/// `save(_:)` takes new values at once; `ProfileKeeper` writes them and records here how that went,
/// and every step is broadcast.
@MainActor
public final class ProfileModel {
    public let delegates = MulticastDelegate<any ProfileModelDelegate>()

    public private(set) var name: String
    /// Every distance is measured from it; nil until the person chooses one.
    public private(set) var homeCity: City?
    /// Nil: `localUnit`.
    public private(set) var chosenUnit: DistanceUnit?
    /// The unit of the person's locale.
    public let localUnit: DistanceUnit
    /// The unit every distance is written in.
    public var distanceUnit: DistanceUnit { chosenUnit ?? localUnit }

    /// The profile `profile` (an empty one when nil); distances are in `localUnit` unless the person
    /// chooses otherwise.
    public init(profile: Profile? = nil, localUnit: DistanceUnit = .kilometres) {
        self.localUnit = localUnit
        let profile = profile ?? Profile()
        name = profile.name
        homeCity = profile.homeCity
        chosenUnit = profile.distanceUnit
    }

    public var profile: Profile { Profile(name: name, homeCity: homeCity, distanceUnit: chosenUnit) }

    /// Makes `profile` the person's and broadcasts it as being saved.
    public func save(_ profile: Profile) {
        apply(profile, outcome: .saving)
    }

    /// The profile read at launch.
    func restore(_ profile: Profile) {
        apply(profile, outcome: .restored)
    }

    /// How writing what `save` took went: `.saved` with what the file now holds (fields another
    /// instance saved meanwhile come in), `.failed` keeping the values in memory, or `.saving` again
    /// when newer values are being written.
    func recordSave(_ outcome: ProfileChange.Outcome, holding profile: Profile? = nil) {
        apply(profile ?? self.profile, outcome: outcome)
    }

    private func apply(_ profile: Profile, outcome: ProfileChange.Outcome) {
        let change = ProfileChange(
            nameChanged: profile.name != name, homeCityChanged: profile.homeCity != homeCity,
            distanceUnitChanged: (profile.distanceUnit ?? localUnit) != distanceUnit, outcome: outcome
        )
        name = profile.name
        homeCity = profile.homeCity
        chosenUnit = profile.distanceUnit
        delegates.invoke { $0.profileDidChange(change) }
    }
}
