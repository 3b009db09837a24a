import PlacesCore
import Testing
import TestingSupport

/// The live index answers as a static index built from the same points would, whatever came and went.
@Suite("Live place index")
struct LivePlaceIndexTests {
    /// A point in a small region (so that clusters form), or far away now and then.
    private static func point(_ random: inout SplitMix64) -> WorldPoint {
        random.chance(0.1)
            ? WorldPoint(x: random.unit(), y: random.unit())
            : WorldPoint(x: 0.5 + random.unit() * 0.01, y: 0.34 + random.unit() * 0.01)
    }

    /// The markers of `markers` as comparable facts: per marker its count and position, rounded.
    private static func summary(_ markers: [MapMarker]) -> [String] {
        markers.map { marker in
            let x = (marker.position.x * 100).rounded() / 100, y = (marker.position.y * 100).rounded() / 100
            return "\(marker.count)@\(x),\(y)"
        }.sorted()
    }

    @Test("after random additions, moves and removals, markers and nearest places match a static index, in one segment or many",
          arguments: [1, 2, 3], [LivePlaceIndex.defaultSegmentSize, 64, 7])
    func matchesStaticIndex(seed: UInt64, segmentSize: Int) {
        var random = SplitMix64(seed: seed)
        var points = (0..<600).map { _ in Self.point(&random) }
        var live = LivePlaceIndex(points, segmentSize: segmentSize)
        for step in 0..<400 {
            let slot = random.below(points.count + 5)
            let target: WorldPoint? = random.chance(0.3) ? nil : Self.point(&random)
            live.update(slot: slot, to: target)
            if slot >= points.count { points += Array(repeating: WorldPoint(x: .nan, y: .nan), count: slot + 1 - points.count) }
            points[slot] = target ?? WorldPoint(x: .nan, y: .nan)
            guard step % 20 == 0 else { continue }

            let clusterer = MarkerClusterer(points)
            let spatial = SpatialIndex(points)
            for zoom in [8.0, 11, 14, 17] {
                let camera = Camera(centerWorldPoint: WorldPoint(x: 0.505, y: 0.345), zoom: zoom, viewport: ScreenSize(width: 800, height: 600))
                let selected = points.indices.first { points[$0].isFinite }
                let found = Self.summary(live.markers(for: camera, exclude: selected))
                let expected = Self.summary(clusterer.markers(for: camera, exclude: selected))
                #expect(found == expected, "seed \(seed), step \(step), zoom \(zoom): only live \(Set(found).subtracting(expected)), only static \(Set(expected).subtracting(found))")
                let query = Self.point(&random)
                #expect(live.nearest(to: query, within: 0.002) == spatial.nearest(to: query, within: 0.002), "seed \(seed), step \(step)")
            }
        }
    }

    @Test("thousands of places set aside while no snapshot is built (a file coming in) are found near a point as a static index finds them")
    func manySetAside() {
        var random = SplitMix64(seed: 11)
        var points = (0..<300).map { _ in Self.point(&random) }
        var live = LivePlaceIndex(points)
        live.rebuildsElsewhere = true
        for _ in 0..<5_000 {
            let slot = random.chance(0.2) ? random.below(points.count) : points.count
            let target = Self.point(&random)
            live.update(slot: slot, to: target)
            if slot == points.count { points.append(target) } else { points[slot] = target }
        }
        let spatial = SpatialIndex(points)
        for radius in [0.0005, 0.002, 0.02, 0.3, 2] {
            for _ in 0..<50 {
                let query = Self.point(&random)
                #expect(live.nearest(to: query, within: radius) == spatial.nearest(to: query, within: radius), "radius \(radius)")
            }
        }
        let camera = Camera(centerWorldPoint: WorldPoint(x: 0.505, y: 0.345), zoom: 11, viewport: ScreenSize(width: 800, height: 600))
        let inView = points.filter { camera.visibleWorldRect.contains($0) }
        let bounds = WorldRect(enclosing: inView)!
        let nearest = live.nearest(3, to: WorldPoint(x: 0.505, y: 0.345), inside: bounds)
        let expected = points.indices.filter { bounds.contains(points[$0]) }
            .sorted { (points[$0].distance(to: WorldPoint(x: 0.505, y: 0.345)), $0) < (points[$1].distance(to: WorldPoint(x: 0.505, y: 0.345)), $1) }
        #expect(nearest == Array(expected.prefix(3)))
    }

    @Test("a crowd at one spot, in snapshots and set aside: the names asked for are as many places of it, each once")
    func crowdAtOneSpot() {
        let spot = WorldPoint(x: 0.505, y: 0.345)
        var live = LivePlaceIndex(Array(repeating: spot, count: 20_000), segmentSize: 8_192)
        live.rebuildsElsewhere = true
        for slot in 20_000..<25_000 { live.update(slot: slot, to: spot) }
        let bounds = WorldRect(minX: spot.x, minY: spot.y, maxX: spot.x, maxY: spot.y)
        let named = live.nearest(3, to: spot, inside: bounds)
        #expect(named == [0, 1, 2])
        #expect(live.nearest(40, to: spot, inside: bounds) == Array(0..<40))

        // Past clustering, the crowd from every segment and from the places set aside is one marker.
        let close = Camera(centerWorldPoint: spot, zoom: 18, viewport: ScreenSize(width: 800, height: 600))
        #expect(live.markers(for: close).map(\.count) == [25_000])
        #expect(live.markers(for: close, exclude: 20_100).map(\.count).sorted() == [1, 24_999])
        #expect(live.markers(for: close, exclude: 5).map(\.count).sorted() == [1, 24_999])
    }

    @Test("a place removed and one added, both set aside, count in the markers as in an index built afresh")
    func setAsideChangesCount() {
        var random = SplitMix64(seed: 9)
        let points = (0..<10_000).map { _ in Self.point(&random) }
        var live = LivePlaceIndex(points)
        let camera = Camera(centerWorldPoint: WorldPoint(x: 0.505, y: 0.345), zoom: 9, viewport: ScreenSize(width: 800, height: 600))
        live.update(slot: 3, to: nil)
        live.update(slot: 10_000, to: WorldPoint(x: 0.505, y: 0.345))
        let total = live.markers(for: camera).reduce(0) { $0 + $1.count }
        var changed = points
        changed[3] = WorldPoint(x: .nan, y: .nan)
        changed.append(WorldPoint(x: 0.505, y: 0.345))
        #expect(total == MarkerClusterer(changed).markers(for: camera).reduce(0) { $0 + $1.count })
    }

    @Test("a segment wants a new snapshot once over a quarter of it has changed, and over 16,384 places however large it is",
          arguments: [(10_000, 2_500), (40_000, 10_000), (100_000, 16_384)])
    func rebuildThreshold(size: Int, threshold: Int) {
        var random = SplitMix64(seed: 11)
        var live = LivePlaceIndex((0..<size).map { _ in Self.point(&random) })
        live.rebuildsElsewhere = true
        live.update((size..<size + threshold).map { (slot: $0, point: Self.point(&random)) })
        #expect(!live.wantsRebuild, "\(threshold) places added to \(size)")
        live.update(slot: size + threshold, to: Self.point(&random))
        #expect(live.wantsRebuild, "\(threshold + 1) places added to \(size)")
    }

    @Test("snapshots built elsewhere while places keep changing answer as a static index does", arguments: [4, 5], [LivePlaceIndex.defaultSegmentSize, 100])
    func snapshotBuiltElsewhere(seed: UInt64, segmentSize: Int) throws {
        var random = SplitMix64(seed: seed)
        var points = (0..<600).map { _ in Self.point(&random) }
        var live = LivePlaceIndex(points, segmentSize: segmentSize)
        live.rebuildsElsewhere = true
        func change(_ count: Int) {
            for _ in 0..<count {
                let slot = random.below(points.count + 5)
                let target: WorldPoint? = random.chance(0.3) ? nil : Self.point(&random)
                live.update(slot: slot, to: target)
                if slot >= points.count { points += Array(repeating: WorldPoint(x: .nan, y: .nan), count: slot + 1 - points.count) }
                points[slot] = target ?? WorldPoint(x: .nan, y: .nan)
            }
        }
        change(segmentSize < 600 ? 800 : 200)  // a segment's threshold is at least 64 changes
        #expect(live.wantsRebuild, "more than a quarter changed, and nothing was rebuilt in place")
        // Each segment that wants it is rebuilt elsewhere in turn, while places keep changing.
        var rebuilt = 0
        while rebuilt < 20, let plan = live.planSnapshot() {
            change(rebuilt == 0 ? 20 : 2)
            #expect(live.install(LivePlaceIndex.Snapshot(plan)) != nil, "what it replaced is handed back, to be freed elsewhere")
            rebuilt += 1
        }
        #expect(rebuilt >= 1)
        change(10)

        let clusterer = MarkerClusterer(points)
        let spatial = SpatialIndex(points)
        for zoom in [8.0, 11, 14, 17] {
            let camera = Camera(centerWorldPoint: WorldPoint(x: 0.505, y: 0.345), zoom: zoom, viewport: ScreenSize(width: 800, height: 600))
            let found = Self.summary(live.markers(for: camera))
            let expected = Self.summary(clusterer.markers(for: camera))
            #expect(found == expected, "seed \(seed), zoom \(zoom): only live \(Set(found).subtracting(expected)), only static \(Set(expected).subtracting(found))")
            let query = Self.point(&random)
            #expect(live.nearest(to: query, within: 0.002) == spatial.nearest(to: query, within: 0.002))
        }
        #expect(!live.wantsRebuild, "the few changes since the last hand-outs are set aside (each counted at most twice: as stale and as recent), below the threshold of 64")
    }

    @Test("tidying plans a snapshot for every segment with places set aside, however few, until none is left; the answers stay those of a static index")
    func tidying() {
        var random = SplitMix64(seed: 12)
        var points = (0..<900).map { _ in Self.point(&random) }
        var live = LivePlaceIndex(points, segmentSize: 300)
        live.rebuildsElsewhere = true
        for slot in [5, 310, 620, 900, 901] {
            let target = Self.point(&random)
            live.update(slot: slot, to: target)
            if slot >= points.count { points.append(target) } else { points[slot] = target }
        }
        #expect(live.planSnapshot() == nil, "too few changes for a snapshot")
        var tidied = 0
        while let plan = live.planTidying() {
            live.install(LivePlaceIndex.Snapshot(plan))
            tidied += 1
        }
        #expect(tidied == 4, "the three segments changed in place and the one the additions began")
        let clusterer = MarkerClusterer(points)
        for zoom in [3.0, 9, 15] {
            let camera = Camera(centerWorldPoint: WorldPoint(x: 0.505, y: 0.345), zoom: zoom, viewport: ScreenSize(width: 800, height: 600))
            #expect(Self.summary(live.markers(for: camera)) == Self.summary(clusterer.markers(for: camera)), "zoom \(zoom)")
        }
    }

    @Test("a snapshot planned before the index was rebuilt in place is not put in place: the changes since stay")
    func staleSnapshotIgnored() throws {
        var random = SplitMix64(seed: 9)
        let points = (0..<600).map { _ in Self.point(&random) }
        var live = LivePlaceIndex(points)
        live.rebuildsElsewhere = true
        live.update(slot: 1, to: nil)
        for slot in 600..<800 { live.update(slot: slot, to: Self.point(&random)) }  // past a quarter of 600
        let planned = live.planSnapshot()
        let plan = try #require(planned)
        live.rebuildsElsewhere = false
        let moved = Self.point(&random)
        live.update(slot: 7, to: moved)
        live.rebuild()
        #expect(live.install(LivePlaceIndex.Snapshot(plan)) == nil, "nothing replaced")
        #expect(live.nearest(to: moved, within: 1e-9) == 7, "slot 7 is where it moved to, not where the old plan had it")
    }
}
