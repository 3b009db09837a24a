import Multicast

/// The person's profile, shared by every tab: their name and home city.
/// The home city is the one place the app keeps "home": every distance is measured from it.
/// `save(_:)` takes new values, persists them through the injected store, and broadcasts once.
@MainActor
public final class ProfileModel {
    /// Everyone who hears about changes (weakly held).
    public let delegates = MulticastDelegate<any ProfileModelDelegate>()

    public private(set) var name: String
    /// The home city, from which distances are measured; nil until the person chooses one.
    public private(set) var homeCity: City?

    private let store: any ProfileStore

    /// The profile `store` holds (an empty one when it has none or cannot be read).
    public init(store: any ProfileStore, profile: Profile? = nil) {
        self.store = store
        let profile = profile ?? Profile()
        name = profile.name
        homeCity = profile.homeCity
    }

    public var profile: Profile { Profile(name: name, homeCity: homeCity) }

    /// Makes `profile` the person's, writes it through the store and broadcasts what changed and
    /// whether writing worked; a failed write keeps the new values in memory.
    public func save(_ profile: Profile) {
        let change = (name: profile.name != name, home: profile.homeCity != homeCity)
        name = profile.name
        homeCity = profile.homeCity
        let outcome: ProfileChange.Outcome
        do {
            try store.save(profile)
            outcome = .saved
        } catch {
            outcome = .failed("\(error)")
        }
        let broadcast = ProfileChange(nameChanged: change.name, homeCityChanged: change.home, outcome: outcome)
        delegates.invoke { $0.profileDidChange(broadcast) }
    }
}
