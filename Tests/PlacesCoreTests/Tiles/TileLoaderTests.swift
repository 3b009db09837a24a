@testable import PlacesCore
import PlacesTestingSupport
import Synchronization
import Testing

/// Tiles are made off the main actor, nearest first, a few at a time, and kept within a budget.
@MainActor
@Suite("Tile loader")
struct TileLoaderTests {
    /// Counts what was made, and how many at once.
    final class Maker: Sendable {
        private let state = Mutex((made: [TileID](), running: 0, mostAtOnce: 0))
        var made: [TileID] { state.withLock(\.made) }
        var mostAtOnce: Int { state.withLock(\.mostAtOnce) }

        func make(_ id: TileID) async -> Int? {
            state.withLock {
                $0.made.append(id)
                $0.running += 1
                $0.mostAtOnce = max($0.mostAtOnce, $0.running)
            }
            try? await Task.sleep(for: .milliseconds(2))
            state.withLock { $0.running -= 1 }
            return id.x == 0 && id.y == 0 ? nil : id.x * 100 + id.y  // tile 0/0 of every level is empty
        }
    }

    static func coverage(zoom: Double) -> TileCoverage {
        TileCoverage(camera: Camera(center: Coordinate(latitude: 20, longitude: 10), zoom: zoom, viewport: ScreenSize(width: 800, height: 600)))
    }

    /// Waits until `loader` has made everything it was asked for (`coverage`, and anything prepared).
    static func settle(_ loader: TileLoader<Int>, _ coverage: TileCoverage) async {
        await waitUntil { loader.inFlight.isEmpty }
    }

    @Test("every tile in view is made once, at most two at a time, the centre's first; arrivals are announced")
    func makesWhatIsShown() async {
        let maker = Maker()
        let loader = TileLoader<Int>(budget: 1_000, cost: { _ in 1 }) { await maker.make($0) }
        var arrivals = 0
        loader.onArrival = { arrivals += 1 }
        let coverage = Self.coverage(zoom: 4)
        loader.want(coverage)
        await Self.settle(loader, coverage)
        loader.want(coverage)
        #expect(maker.made.count == coverage.tiles.count, "nothing made twice")
        #expect(Array(maker.made.prefix(2)) == Array(coverage.tiles.prefix(2).map(\.id)))
        #expect(maker.mostAtOnce <= 2)
        #expect(arrivals == coverage.tiles.count)
        #expect(loader.image(coverage.tiles[0].id) == coverage.tiles[0].id.x * 100 + coverage.tiles[0].id.y)
    }

    @Test("a missing tile is drawn from its nearest ancestor that was made; an empty tile is not asked for again")
    func ancestorsAndEmptyTiles() async {
        let maker = Maker()
        let loader = TileLoader<Int>(budget: 1_000, cost: { _ in 1 }) { await maker.make($0) }
        let coarse = Self.coverage(zoom: 2)
        loader.want(coarse)
        await Self.settle(loader, coarse)
        let fine = Self.coverage(zoom: 5).tiles[0].id
        let found = loader.imageOrAncestor(fine)
        #expect(found?.tile == fine.ancestor(levels: 3))
        let empty = TileCoverage(camera: Camera(centerWorldPoint: WorldPoint(x: 0.01, y: 0.01), zoom: 0.2, viewport: ScreenSize(width: 100, height: 100)))
        loader.want(empty)
        await Self.settle(loader, empty)
        #expect(loader.isEmpty(TileID(z: 0, x: 0, y: 0)))
        loader.want(empty)
        #expect(loader.inFlight.isEmpty, "the empty tile is not asked for again")
    }

    @Test("the tiles shown least recently go once the budget is spent; clear() forgets all, and drops tiles under way")
    func budgetAndClear() async {
        let maker = Maker()
        let loader = TileLoader<Int>(budget: 10, cost: { _ in 1 }) { await maker.make($0) }
        let first = Self.coverage(zoom: 5)
        loader.want(first)
        await Self.settle(loader, first)
        #expect(loader.cachedCount == min(10, first.tiles.count))
        #expect(loader.cachedCost <= 10)
        let kept = first.tiles.map(\.id).filter { loader.image($0) != nil }
        #expect(Set(kept).isSubset(of: Set(maker.made.suffix(10))), "the newest stay")
        loader.want(Self.coverage(zoom: 3))
        #expect(!loader.inFlight.isEmpty)
        loader.clear()
        #expect(loader.cachedCount == 0)
        await waitUntil { loader.inFlight.isEmpty }
        #expect(loader.cachedCount == 0, "tiles made before clear() are dropped")
    }

    @Test("tiles prepared ahead are made before those in view, even when the view changes meanwhile, and then stand in for them")
    func preparedFirst() async {
        let maker = Maker()
        // One at a time, so that the order made is the order started: two tasks started one after the
        // other may begin in either order on a busy machine.
        let loader = TileLoader<Int>(concurrency: 1, budget: 1_000, cost: { _ in 1 }) { await maker.make($0) }
        let level1 = [TileID(z: 1, x: 0, y: 1), TileID(z: 1, x: 1, y: 0), TileID(z: 1, x: 1, y: 1)]
        loader.prepare(level1)
        let view = Self.coverage(zoom: 4)
        loader.want(view)
        loader.want(view)
        await Self.settle(loader, view)
        #expect(Array(maker.made.prefix(3)) == level1)
        #expect(maker.made.count == level1.count + view.tiles.count, "nothing made twice")
        let farSouthEast = TileID(z: 3, x: 7, y: 7)  // out of view: only its prepared ancestor was made
        #expect(loader.imageOrAncestor(farSouthEast)?.tile == TileID(z: 1, x: 1, y: 1))
        loader.prepare(level1)
        #expect(loader.inFlight.isEmpty, "a tile made is not prepared again")
    }

    @Test("tiles provided before they are prepared are not made again, and stand in at once; one already made stays")
    func providedStandIns() async {
        let maker = Maker()
        let loader = TileLoader<Int>(concurrency: 1, budget: 1_000, cost: { _ in 1 }) { await maker.make($0) }
        let level1 = TileID.level(1)
        loader.provide([(level1[0], -1)])
        loader.provide(level1.dropFirst().map { ($0, -2) } + [(level1[0], -3)])
        #expect(loader.cachedCount == 4)
        #expect(loader.image(level1[0]) == -1, "a tile already there is kept")
        #expect(loader.imageOrAncestor(TileID(z: 4, x: 15, y: 15))?.image == -2)
        loader.prepare(level1)
        #expect(loader.inFlight.isEmpty, "nothing is made for them")
        let view = Self.coverage(zoom: 2)
        loader.want(view)
        await Self.settle(loader, view)
        #expect(maker.made.allSatisfy { $0.z == 2 }, "only the tiles in view are made")
    }

    @Test("a loader adopts another's tiles that look the same, and makes only the rest")
    func adoptsUnchangedTiles() async {
        let first = Maker(), second = Maker()
        let old = TileLoader<Int>(budget: 1_000, cost: { _ in 1 }) { await first.make($0) }
        let view = Self.coverage(zoom: 3)
        old.want(view)
        await Self.settle(old, view)
        let new = TileLoader<Int>(budget: 1_000, cost: { _ in 1 }) { await second.make($0) }
        new.adopt(old) { $0.z < 3 }
        #expect(new.cachedCount == 0, "only levels below 3 are taken, and the view is at level 3")
        new.adopt(old) { _ in true }
        new.want(view)
        await Self.settle(new, view)
        #expect(second.made.isEmpty)
        #expect(new.isEmpty(TileID(z: 3, x: 0, y: 0)) == old.isEmpty(TileID(z: 3, x: 0, y: 0)))
        #expect(new.cachedCount == old.cachedCount)
    }

    @Test("adopted tiles keep the order they were shown in: the one shown longest ago goes first")
    func adoptedTilesKeepTheirOrder() async {
        let maker = Maker()
        let old = TileLoader<Int>(budget: 1_000, cost: { _ in 1 }) { await maker.make($0) }
        let view = Self.coverage(zoom: 3)
        old.want(view)
        await Self.settle(old, view)
        let made = view.tiles.map(\.id).filter { old.image($0) != nil }
        let (longAgo, lately) = (made[0], made[1])
        _ = old.image(longAgo)
        _ = old.image(lately)
        let new = TileLoader<Int>(budget: 2, cost: { _ in 1 }) { await maker.make($0) }
        new.adopt(old) { $0 == longAgo || $0 == lately }
        #expect(new.cachedCount == 2)
        let oneMore = TileCoverage(camera: Camera(centerWorldPoint: WorldPoint(x: 0.53125, y: 0.53125), zoom: 4, viewport: ScreenSize(width: 10, height: 10)))
        #expect(oneMore.tiles.map(\.id) == [TileID(z: 4, x: 8, y: 8)])
        new.want(oneMore)
        await Self.settle(new, oneMore)
        #expect(new.cachedCount == 2)
        #expect(new.image(longAgo) == nil, "the tile shown longest ago went first")
        #expect(new.image(lately) != nil)
    }
}

extension TileLoaderTests {
    /// Fails each tile the first `failures` times it is asked for, then makes it; notes when it was
    /// asked, on `clock`.
    final class FlakyMaker: Sendable {
        private let clock: ManualClock
        private let state = Mutex((asked: [TileID: [Duration]](), failures: 0))

        init(failures: Int, clock: ManualClock) {
            self.clock = clock
            state.withLock { $0.failures = failures }
        }

        func asked(_ id: TileID) -> [Duration] { state.withLock { $0.asked[id] ?? [] } }

        func make(_ id: TileID) -> TileLoader<Int>.Made {
            state.withLock { state in
                state.asked[id, default: []].append(clock.now.offset)
                return state.asked[id]!.count <= state.failures ? .failed : .image(id.x * 100 + id.y)
            }
        }
    }

    @Test("a tile that failed is asked for again once its delay has passed, not before; twice as long after a second failure; kept once made")
    func failedTilesAreRetried() async {
        let clock = ManualClock()
        let maker = FlakyMaker(failures: 2, clock: clock)
        let loader = TileLoader<Int>(budget: 1_000, cost: { _ in 1 }, clock: AppClock(clock)) { maker.make($0) }
        let view = Self.coverage(zoom: 1)
        let tile = view.tiles[0].id
        // As the canvas does: it wants its tiles again each time one arrives, and only then.
        loader.onArrival = { [weak loader] in loader?.want(view) }
        loader.want(view)

        await waitUntil { loader.inFlight.isEmpty && clock.sleeping == view.tiles.count }
        #expect(maker.asked(tile).count == 1)
        #expect(!loader.isEmpty(tile), "a failed tile is not taken for an empty one")
        #expect(loader.image(tile) == nil)
        clock.advance(by: .milliseconds(14_999))
        #expect(clock.sleeping == view.tiles.count && loader.inFlight.isEmpty, "not asked again before 15 s")

        clock.advance(by: .milliseconds(1))
        await waitUntil { maker.asked(tile).count == 2 && loader.inFlight.isEmpty && clock.sleeping == view.tiles.count }
        clock.advance(by: .milliseconds(29_999))
        #expect(clock.sleeping == view.tiles.count && loader.inFlight.isEmpty, "not asked again before 30 s")

        clock.advance(by: .milliseconds(1))
        await waitUntil { loader.image(tile) != nil }
        #expect(loader.image(tile) == tile.x * 100 + tile.y)
        #expect(maker.asked(tile) == [.zero, .seconds(15), .seconds(45)])
    }

    @Test("retries wait 15 s, then twice as long after each failure in a row, at most 5 minutes")
    func retryDelays() {
        let loader = TileLoader<Int>(budget: 1, cost: { _ in 1 }) { _ in nil }
        #expect((1...7).map { loader.retryDelay(afterFailures: $0) } == [15, 30, 60, 120, 240, 300, 300].map { Duration.seconds($0) })
    }
}

extension TileLoader {
    /// Whether the tile came back empty (it is not asked for again).
    func isEmpty(_ id: TileID) -> Bool { empty.contains(id) }
}
