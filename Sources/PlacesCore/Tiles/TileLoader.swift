/// The tiles of one map layer as the canvas asks for them: made (drawn, read or fetched) by `make`
/// off the main actor, at most `concurrency` at a time and nearest the centre first; kept in a
/// cache that drops the tiles shown least recently once they cost more than `budget` bytes; and
/// announced to `onArrival`, so the canvas draws them. A tile no longer in view is not made, and one
/// that came back empty (nothing there) is not asked for again until `clear()`; one that failed (a
/// server out of reach for a moment) is asked for again after `firstRetry` (15 s), then twice as
/// long after each failure in a row, at most twenty times as long (5 minutes).
@MainActor
public final class TileLoader<Image: Sendable> {
    /// What making a tile gave.
    public enum Made: Sendable {
        case image(Image)
        /// Nothing is there.
        case nothing
        /// It could not be made now (the reason was told elsewhere); it may be later.
        case failed
    }

    public typealias Make = @Sendable (TileID) async -> Made

    private struct Entry {
        var image: Image
        var cost: Int
        var lastUse: Int
    }

    private let make: Make
    private let cost: (Image) -> Int
    private let budget: Int
    private let concurrency: Int
    private var cache: [TileID: Entry] = [:]
    private var totalCost = 0
    /// Counts uses, for dropping the tile used longest ago.
    private var uses = 0
    /// Tiles that came back empty.
    private(set) var empty: Set<TileID> = []
    /// Tiles that failed: how many times in a row, and when they may be asked for again.
    private var failures: [TileID: (count: Int, retryAt: Duration)] = [:]
    /// What the canvas shows now, nearest the centre first.
    private var wanted: [TileID] = []
    /// Made before anything wanted, whatever is shown (`prepare(_:)`).
    private var ahead: [TileID] = []
    /// Tiles being made now.
    private(set) var inFlight: Set<TileID> = []
    /// Counts `clear()`s: a tile made before one is dropped when it arrives.
    private var generation = 0

    /// Called on the main actor when a tile has arrived (made, empty or failed), and when a failed one may be
    /// asked for again.
    public var onArrival: (@MainActor () -> Void)?

    private let firstRetry: Duration
    private let clock: AppClock

    public init(concurrency: Int = 2, budget: Int, cost: @escaping (Image) -> Int, firstRetry: Duration = .seconds(15),
                clock: AppClock = .continuous, makeOrFail: @escaping Make) {
        self.concurrency = max(1, concurrency)
        self.budget = budget
        self.cost = cost
        self.firstRetry = firstRetry
        self.clock = clock
        self.make = makeOrFail
    }

    /// A loader whose tiles never fail: `make` gives the image, or nil when nothing is there.
    public convenience init(concurrency: Int = 2, budget: Int, cost: @escaping (Image) -> Int,
                            make: @escaping @Sendable (TileID) async -> Image?) {
        self.init(concurrency: concurrency, budget: budget, cost: cost) { id in
            await make(id).map(Made.image) ?? .nothing
        }
    }

    /// How long a tile that failed `count` times in a row is left before it is asked for again.
    func retryDelay(afterFailures count: Int) -> Duration {
        min(firstRetry * 20, firstRetry * (1 << min(max(count - 1, 0), 5)))
    }

    /// Whether tile `id` has been answered: made, found empty, or failed (and not yet asked for again).
    public func hasAnswer(for id: TileID) -> Bool {
        cache[id] != nil || empty.contains(id) || failures[id] != nil
    }

    /// How many tiles are kept, and what they cost.
    public var cachedCount: Int { cache.count }
    public var cachedCost: Int { totalCost }

    /// The tile's image, if it has been made (it counts as shown).
    public func image(_ id: TileID) -> Image? {
        guard var entry = cache[id] else { return nil }
        uses += 1
        entry.lastUse = uses
        cache[id] = entry
        return entry.image
    }

    /// The tile's image, or else the image of the nearest of its `levels` ancestors that has been
    /// made, with that ancestor's id (the canvas scales up the part covering the tile meanwhile).
    public func imageOrAncestor(_ id: TileID, levels: Int = 5) -> (image: Image, tile: TileID)? {
        for up in 0...min(levels, id.z) {
            let tile = id.ancestor(levels: up)
            if let image = image(tile) { return (image, tile) }
        }
        return nil
    }

    /// The canvas now shows `coverage`: its missing tiles are made, nearest the centre first.
    public func want(_ coverage: TileCoverage) {
        let now = clock.now
        wanted = coverage.tiles.map(\.id).filter { cache[$0] == nil && !empty.contains($0) && (failures[$0].map { $0.retryAt <= now } ?? true) }
        startMaking()
    }

    /// Makes `tiles` first, before any the canvas wants, whether or not they are shown: coarse tiles
    /// made ahead stand in for the tiles in view while those are made (`imageOrAncestor`).
    public func prepare(_ tiles: [TileID]) {
        ahead = tiles.filter { cache[$0] == nil && !empty.contains($0) }
        startMaking()
    }

    /// Takes tiles made elsewhere (before this loader existed) as if they had been made here.
    public func provide(_ tiles: [(id: TileID, image: Image)]) {
        for tile in tiles where cache[tile.id] == nil { store(tile.image, for: tile.id) }
        ahead.removeAll { cache[$0] != nil }
    }

    /// Takes `other`'s tiles for which `keep` holds, as if they had been made here (they look the
    /// same in both): the most recently shown, as many as the budget allows, in the order they were shown.
    public func adopt(_ other: TileLoader<Image>, where keep: (TileID) -> Bool) {
        var room = budget - totalCost
        var taken: [(id: TileID, image: Image)] = []
        for (id, entry) in other.cache.sorted(by: { $0.value.lastUse > $1.value.lastUse })
        where keep(id) && cache[id] == nil && entry.cost <= room {
            taken.append((id, entry.image))
            room -= entry.cost
        }
        for tile in taken.reversed() { store(tile.image, for: tile.id) }
        empty.formUnion(other.empty.filter(keep))
    }

    /// Forgets every tile (their look changed) and what was wanted; tiles being made now are dropped
    /// when they arrive. The canvas wants its tiles again when it next draws.
    public func clear() {
        generation += 1
        cache = [:]
        totalCost = 0
        empty = []
        failures = [:]
        wanted = []
        ahead = []
    }

    private func startMaking() {
        var next = (ahead + wanted).makeIterator()
        while inFlight.count < concurrency, let id = next.next() {
            guard !inFlight.contains(id) else { continue }
            inFlight.insert(id)
            let make = make, generation = generation
            Task {
                let made = await make(id)
                self.arrived(id, made, generation: generation)
            }
        }
    }

    private func arrived(_ id: TileID, _ made: Made, generation: Int) {
        inFlight.remove(id)
        wanted.removeAll { $0 == id }
        ahead.removeAll { $0 == id }
        if generation == self.generation {
            switch made {
            case .image(let image):
                failures[id] = nil
                store(image, for: id)
            case .nothing:
                failures[id] = nil
                if empty.count >= 100_000 { empty = [] }
                empty.insert(id)
            case .failed:
                let count = (failures[id]?.count ?? 0) + 1
                let delay = retryDelay(afterFailures: count)
                failures[id] = (count, clock.now + delay)
                // Then the canvas draws again and wants what it shows, this tile too if still in view.
                Task { [weak self, clock] in
                    try? await clock.sleep(for: delay)
                    guard let self, generation == self.generation else { return }
                    onArrival?()
                }
            }
            onArrival?()
        }
        startMaking()
    }

    private func store(_ image: Image, for id: TileID) {
        uses += 1
        let entryCost = cost(image)
        cache[id] = Entry(image: image, cost: entryCost, lastUse: uses)
        totalCost += entryCost
        while totalCost > budget, cache.count > 1,
              let oldest = cache.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            totalCost -= oldest.value.cost
            cache[oldest.key] = nil
        }
    }
}
