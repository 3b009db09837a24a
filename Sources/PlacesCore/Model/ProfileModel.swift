import Multicast

/// The person's profile, shared by every tab: their name, home city and unit of distance.
/// The home city is the one place the app keeps "home": every distance is measured from it.
/// `save(_:)` takes new values at once, writes them in the background, and broadcasts each step.
@MainActor
public final class ProfileModel {
    /// Everyone who hears about changes (weakly held).
    public let delegates = MulticastDelegate<any ProfileModelDelegate>()

    public private(set) var name: String
    /// The home city, from which distances are measured; nil until the person chooses one.
    public private(set) var homeCity: City?
    /// The unit the person chose for distances; nil: `localUnit`.
    public private(set) var chosenUnit: DistanceUnit?
    /// The unit of the person's locale.
    public let localUnit: DistanceUnit
    /// The unit every distance is written in.
    public var distanceUnit: DistanceUnit { chosenUnit ?? localUnit }

    private let store: any ProfileStore
    private let saves: SaveQueue
    /// What the file held when this instance last read or wrote it: the base of the next merge.
    private var stored: Profile?
    private var isWriting = false
    private var needsWrite = false

    /// The profile `profile` (an empty one when nil), kept by `store`, written through `saves`;
    /// distances are in `localUnit` unless the person chooses otherwise.
    public init(store: any ProfileStore, saves: SaveQueue = SaveQueue(), profile: Profile? = nil, localUnit: DistanceUnit = .kilometres) {
        self.store = store
        self.saves = saves
        self.localUnit = localUnit
        let profile = profile ?? Profile()
        stored = profile
        name = profile.name
        homeCity = profile.homeCity
        chosenUnit = profile.distanceUnit
    }

    public var profile: Profile { Profile(name: name, homeCity: homeCity, distanceUnit: chosenUnit) }

    /// Reads the saved profile off the main thread and makes it the person's; returns what they should
    /// be told (a damaged file moved aside, a file that cannot be read).
    public func restore() async -> String? {
        let store = self.store
        let loaded = await Task.detached(priority: .userInitiated) { Result { try store.loadProfile() } }.value
        switch loaded {
        case .success(let loaded):
            stored = loaded.value ?? Profile()
            apply(loaded.value ?? Profile(), outcome: .restored)
            return loaded.notice
        case .failure(let error):
            stored = nil  // the store refuses to replace a file it could not read
            return "\(error)"
        }
    }

    /// Makes `profile` the person's, broadcasts it, and writes it in the background; a second
    /// broadcast says whether writing worked (a failed write keeps the new values in memory).
    public func save(_ profile: Profile) {
        apply(profile, outcome: .saving)
        write()
    }

    private func write() {
        guard !isWriting else {
            needsWrite = true  // written once the write under way has finished, with everything since
            return
        }
        let store = self.store, mine = profile, base = stored
        isWriting = true
        needsWrite = false
        saves.run({ Result { try store.save(mine, base: base) } }) { [weak self] result in
            self?.finishWrite(result, sent: mine)
        }
    }

    private func finishWrite(_ result: Result<Profile, any Error>, sent: Profile) {
        isWriting = false
        switch result {
        case .success(let saved):
            stored = saved
            // Fields another instance saved meanwhile come in, unless changed here since.
            apply(Profile.merged(base: sent, mine: profile, theirs: saved), outcome: needsWrite ? .saving : .saved)
        case .failure(let error):
            apply(profile, outcome: .failed("\(error)"))
        }
        if needsWrite { write() }
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
