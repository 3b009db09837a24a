import PlacesCore
import TestingSupport

/// Devices editing one library at once, each on its own replica, making the edits a person makes
/// (add, edit each field, move, delete, favourite, collect, undo; add, show, hide and remove map
/// files) with clocks hours apart: what the sync tests exchange.
struct SyncSimulation {
    struct Device {
        var id: SyncDevice.ID
        var replica = SyncReplica()
        /// The libraries this device showed, oldest first: an undo goes back to one of them.
        var history: [Library] = []
        /// How far this machine's wall clock is from the true time, in milliseconds.
        var skew: Int64
        var commits: [SyncCommit] = []
    }

    var devices: [Device]
    var random: SplitMix64
    /// The true time, in milliseconds.
    var time: Int64 = 1_795_766_400_000
    private var made = 0

    init(seed: UInt64, devices: Int = 3) {
        random = SplitMix64(seed: seed)
        let skews: [Int64] = [0, 3 * 3_600_000, -2 * 3_600_000, 90_000]
        self.devices = (0..<devices).map { Device(id: "device-\($0)", skew: skews[$0 % skews.count]) }
    }

    /// Every commit made, on any device.
    var allCommits: [SyncCommit] { devices.flatMap(\.commits) }

    /// Device `index` makes one random edit of what it shows; returns the commit (nil: it changed nothing).
    @discardableResult
    mutating func edit(on index: Int) -> SyncCommit? {
        time += Int64(1 + random.below(2_000))
        let before = devices[index].replica.library
        let operations: [SyncOperation]
        if random.chance(0.15) {
            let files = devices[index].replica.mapFiles
            operations = MapSettings.File.operations(randomEdit(of: files, device: devices[index].id), since: files)
        } else {
            let after = randomEdit(of: before, device: devices[index].id, history: devices[index].history)
            operations = after.operations(since: before)
        }
        guard !operations.isEmpty else { return nil }
        var device = devices[index]
        let commit = SyncCommit(device: device.id, sequence: (device.replica.known[device.id] ?? 0) + 1,
                                clock: device.replica.clock.next(now: time + device.skew), seen: device.replica.known, operations: operations)
        device.replica.apply(commit)
        device.history.append(before)
        device.commits.append(commit)
        devices[index] = device
        return commit
    }

    /// Device `index` receives `count` commits of the others', picked at random: out of order, some twice.
    mutating func deliver(to index: Int, count: Int) {
        let others = devices.indices.filter { $0 != index }.flatMap { devices[$0].commits }
        guard !others.isEmpty else { return }
        for _ in 0..<count { devices[index].replica.apply(random.pick(others)) }
    }

    /// Every device receives every commit, in an order of its own.
    mutating func deliverAll() {
        let all = allCommits
        for index in devices.indices {
            var shuffled = all
            shuffled.shuffle(using: &random)
            for commit in shuffled { devices[index].replica.apply(commit) }
        }
    }

    /// The map's layer list with one edit a person could make: add a file (some added on two devices
    /// alike, as the same file in the home folder is), show or hide one, remove one.
    mutating func randomEdit(of files: [MapSettings.File], device: SyncDevice.ID) -> [MapSettings.File] {
        var files = files
        switch random.below(4) {
        case 0:
            made += 1
            let path = random.chance(0.5) ? "~/Maps/\(random.pick(["alps", "lakes", "city"])).mbtiles" : "maps/\(device)-\(made).pmtiles"
            if !files.contains(where: { $0.path == path }) { files.append(MapSettings.File(path: path, isVisible: true)) }
        case 1, 2:
            if !files.isEmpty { files[random.below(files.count)].isVisible.toggle() }
        default:
            if !files.isEmpty { files.remove(at: random.below(files.count)) }
        }
        return files
    }

    /// `library` with one edit a person could make: add, edit a field, move, delete, star, collect, import, undo.
    mutating func randomEdit(of library: Library, device: SyncDevice.ID, history: [Library]) -> Library {
        var library = library
        let kinds = ["cafe", "park", "museum", "", "station"]
        let words = ["Picnic", "Lunch", "Lake", "Old town", "Café Ängel", "Bridge", "Tower", "Market"]
        switch random.below(14) {
        case 0, 1:
            made += 1
            library.places.append(Library.OwnPlace(id: "mine/\(device)-\(made)", name: random.pick(words), kind: random.pick(kinds),
                                                   latitude: Double(random.below(170)) - 85, longitude: Double(random.below(360)) - 180))
        case 2, 3, 4:
            guard !library.places.isEmpty else { break }
            let at = random.below(library.places.count)
            switch random.below(6) {
            case 0: library.places[at].name = random.pick(words) + " \(random.below(9))"
            case 1: library.places[at].kind = random.pick(kinds)
            case 2: library.places[at].notes = random.chance(0.3) ? nil : "note \(random.below(99))"
            case 3: library.places[at].link = random.chance(0.3) ? nil : "https://example.org/\(random.below(99))"
            case 4: library.places[at].properties = random.chance(0.3) ? nil : ["opening_hours": "Mo-Fr \(random.below(9)):00-17:00"]
            default:
                library.places[at].latitude = Double(random.below(170)) - 85
                library.places[at].longitude = Double(random.below(360)) - 180
            }
        case 5:
            if !library.places.isEmpty { library.places.remove(at: random.below(library.places.count)) }
        case 6, 7:
            let candidates = library.places.map(\.id) + ["bundled/Q90", "bundled/Q64"]
            let id = random.pick(candidates)
            if library.favourites.contains(id) { library.favourites.removeAll { $0 == id } } else { library.favourites.append(id) }
        case 8:
            made += 1
            library.collections.append(PlaceCollection(id: "c-\(device)-\(made)", name: random.pick(words)))
        case 9:
            if !library.collections.isEmpty { library.collections[random.below(library.collections.count)].name = random.pick(words) + "s" }
        case 10:
            if !library.collections.isEmpty { library.collections.remove(at: random.below(library.collections.count)) }
        case 11:
            guard !library.collections.isEmpty, !library.places.isEmpty else { break }
            let at = random.below(library.collections.count)
            let place = random.pick(library.places).id
            var members = library.collections[at].members
            if members.contains(place) { members.removeAll { $0 == place } } else { members.append(place) }
            library.collections[at] = PlaceCollection(id: library.collections[at].id, name: library.collections[at].name, members: members)
        case 12:
            made += 1
            if random.chance(0.7) {
                library.sources.append(PlaceSource(id: "file-\(device)-\(made)", title: "Trip \(made)", path: "/home/me/trip-\(made).gpx"))
            } else if !library.sources.isEmpty {
                library.sources.remove(at: random.below(library.sources.count))
            }
        default:
            // Undo: back to what the device showed a few edits ago.
            if let earlier = history.suffix(3).randomElement(using: &random) { library = earlier }
        }
        return Library(favourites: library.favourites, sources: library.sources, places: library.places, collections: library.collections)
    }
}
