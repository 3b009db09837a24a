import Multicast

/// The person's profile, shared by every tab (the seed's `ProfileModel`): changes to `name` and
/// `homeCity` are broadcast from `didSet`; `save()` persists through the injected store.
@MainActor
public final class ProfileModel {
    /// Everyone who hears about changes (weakly held).
    public let delegates = MulticastDelegate<any ProfileModelDelegate>()

    /// The person's name.
    public var name: String {
        didSet {
            guard name != oldValue else { return }
            delegates.invoke { $0.didUpdate(name: self.name) }
        }
    }

    /// The home city, from which distances are measured.
    public var homeCity: City? {
        didSet {
            guard homeCity != oldValue else { return }
            delegates.invoke { $0.didUpdate(city: self.homeCity) }
        }
    }

    private let store: any ProfileStore

    /// Loads the profile from `store` (an empty profile if it has none or cannot be read).
    public init(store: any ProfileStore) {
        self.store = store
        let profile = (try? store.loadProfile()) ?? Profile()
        name = profile.name
        homeCity = profile.homeCity
    }

    /// The current values as a `Profile`.
    public var profile: Profile { Profile(name: name, homeCity: homeCity) }

    /// Persists the profile and broadcasts `didSave()`, or `didFailToSave(_:)` if the store failed.
    public func save() {
        do {
            try store.save(profile)
            delegates.invoke { $0.didSave() }
        } catch {
            delegates.invoke { $0.didFailToSave(error) }
        }
    }
}
