import Foundation
import PlacesCore
import Testing
import TestingSupport

@Suite("Marker clusterer")
struct MarkerClustererTests {
    private let viewport = ScreenSize(width: 1100, height: 750)

    /// The specification in brute force: the places of each world-aligned grid cell, whose cells are
    /// the power of two fraction of the world closest to `cellSize` pixels (past clustering, of each
    /// cell of the finest level), kept when their centroid is within `MarkerClusterer.markerReach`
    /// pixels of the view.
    private func referenceGroups(_ points: [WorldPoint], camera: Camera, cellSize: Double = 64, exclude: Int? = nil) -> [[Int]] {
        let level = Int(min(max(log2(camera.worldPixelSize / cellSize).rounded(), 0), 24))
        func cell(_ position: Double, level: Int) -> Int { min(max(Int(position * Double(1 << level)), 0), (1 << level) - 1) }
        let keyLevel = camera.zoom < MarkerClusterer.clusteringMaxZoom ? level : 24
        var groups: [[Int]: [Int]] = [:]
        for (index, point) in points.enumerated() where WorldRect.world.contains(point) && index != exclude {
            groups[[cell(point.x, level: keyLevel), cell(point.y, level: keyLevel)], default: []].append(index)
        }
        let reach = MarkerClusterer.markerReach / camera.worldPixelSize
        let view = camera.visibleWorldRect
        let area = WorldRect(minX: view.minX - reach, minY: view.minY - reach, maxX: view.maxX + reach, maxY: view.maxY + reach)
        return groups.values.filter { group in
            let centroid = WorldPoint(x: group.reduce(0) { $0 + points[$1].x } / Double(group.count),
                                      y: group.reduce(0) { $0 + points[$1].y } / Double(group.count))
            return area.contains(centroid)
        }
    }

    private func visibleCount(_ points: [WorldPoint], camera: Camera) -> Int {
        guard let visible = camera.visibleWorldRect.intersection(.world) else { return 0 }
        return points.filter { visible.contains($0) }.count
    }

    private func cameras() -> [Camera] {
        var random = SplitMix64(seed: 31)
        var cameras = [
            Camera(centerWorldPoint: WorldPoint(x: 0.5, y: 0.5), zoom: 0, viewport: viewport),
            Camera(centerWorldPoint: WorldPoint(x: 0.5, y: 0.5), zoom: 1.55, viewport: viewport),
            Camera(centerWorldPoint: WorldPoint(x: 0.99, y: 0.01), zoom: 4, viewport: viewport),
        ]
        for _ in 0..<40 {
            let center = WorldPoint(x: .random(in: 0...1, using: &random), y: .random(in: 0...1, using: &random))
            cameras.append(Camera(centerWorldPoint: center, zoom: .random(in: 0...17, using: &random), viewport: viewport))
        }
        return cameras
    }

    @Test("each place of a grid cell the view touches is in one marker, shown while its centre is in reach", arguments: [64.0, 30, 120])
    func matchesReference(cellSize: Double) {
        let points = GeoSamples.worldPoints(count: 20000, seed: 41)
        let clusterer = MarkerClusterer(points)
        for camera in cameras() {
            let markers = clusterer.markers(for: camera, cellSize: cellSize)
            let groups = referenceGroups(points, camera: camera, cellSize: cellSize)
            #expect(markers.reduce(0) { $0 + $1.count } == groups.reduce(0) { $0 + $1.count })
            #expect(markers.reduce(0) { $0 + $1.count } >= visibleCount(points, camera: camera) || camera.zoom >= MarkerClusterer.clusteringMaxZoom,
                    "while clustering, a cell the edge cuts counts its places beyond it")
            var places: [Int] = []
            for case .place(let index, _) in markers { places.append(index) }
            #expect(places.count == Set(places).count, "no place is returned twice")
            #expect(Set(places) == Set(groups.filter { $0.count == 1 }.flatMap { $0 }))
            let clusterCounts = markers.compactMap { $0.count > 1 ? $0.count : nil }.sorted()
            #expect(clusterCounts == groups.map(\.count).filter { $0 > 1 }.sorted())
        }
    }

    @Test("a cluster the view's edge cuts keeps its count and place on the map while the map is dragged across it")
    func steadyAtTheEdge() {
        let points = GeoSamples.worldPoints(count: 20000, seed: 43)
        let clusterer = MarkerClusterer(points)
        let start = Camera(centerWorldPoint: WorldPoint(x: 0.45, y: 0.4), zoom: 4.3, viewport: viewport)
        let before = clusterer.markers(for: start).map { (at: start.worldPoint(at: $0.position), count: $0.count) }
        let reach = MarkerClusterer.markerReach / start.worldPixelSize
        let view = start.visibleWorldRect
        let inReachBefore = WorldRect(minX: view.minX - reach, minY: view.minY - reach, maxX: view.maxX + reach, maxY: view.maxY + reach)
        var compared = 0
        for step in 1...40 {
            // One pixel right and down a step: every cluster shown before is where it was, as large.
            let moved = Camera(centerWorldPoint: start.worldPoint(at: ScreenPoint(x: 550 + Double(step), y: 375 + Double(step))), zoom: 4.3, viewport: viewport)
            for marker in clusterer.markers(for: moved) where marker.count > 1 {
                let at = moved.worldPoint(at: marker.position)
                guard inReachBefore.contains(at) else { continue }  // come into reach since
                compared += 1
                #expect(before.contains { $0.at.distance(to: at) < 1e-9 && $0.count == marker.count }, "step \(step): a cluster of \(marker.count) moved or changed")
            }
        }
        #expect(compared > 40 * 50)
    }

    @Test("a cluster sits at its members' centroid and its bounds enclose them")
    func clusterGeometry() {
        let points = GeoSamples.worldPoints(count: 5000, seed: 51)
        let clusterer = MarkerClusterer(points)
        let camera = Camera(centerWorldPoint: WorldPoint(x: 0.4, y: 0.45), zoom: 3.2, viewport: viewport)
        let groups = referenceGroups(points, camera: camera).filter { $0.count > 1 }
        for case .cluster(let count, let at, let bounds) in clusterer.markers(for: camera) {
            let position = camera.worldPoint(at: at)
            let members = groups.first { group in
                group.count == count && group.allSatisfy { bounds.contains(points[$0]) }
                    && isClose(group.reduce(0) { $0 + points[$1].x } / Double(count), position.x, tolerance: 1e-9)
            }
            #expect(members != nil, "cluster of \(count) at \(position)")
            guard let members, let exact = WorldRect(enclosing: members.map { points[$0] }) else { continue }
            #expect(isClose(members.reduce(0) { $0 + points[$1].y } / Double(count), position.y, tolerance: 1e-9))
            #expect(bounds.contains(exact) && bounds.width - exact.width < 1e-6 && bounds.height - exact.height < 1e-6)
        }
    }

    @Test("the excluded place is returned on its own and counted nowhere else")
    func excludeIsHonoured() {
        let points = GeoSamples.worldPoints(count: 20000, seed: 61)
        let clusterer = MarkerClusterer(points)
        for camera in cameras() {
            let visible = camera.visibleWorldRect.intersection(.world) ?? .world
            guard let selected = points.indices.first(where: { $0 % 7 == 3 && visible.contains(points[$0]) }) else { continue }
            let markers = clusterer.markers(for: camera, exclude: selected)
            let hits = markers.filter { if case .place(selected, _) = $0 { true } else { false } }
            #expect(hits.count == 1)
            let groups = referenceGroups(points, camera: camera, exclude: selected)
            #expect(markers.reduce(0) { $0 + $1.count } == groups.reduce(1) { $0 + $1.count })
            #expect(markers.filter { $0.count > 1 }.count == groups.filter { $0.count > 1 }.count)
        }
    }

    @Test("an excluded place outside the viewport is not returned")
    func excludeOffScreen() {
        let points = [WorldPoint(x: 0.1, y: 0.1), WorldPoint(x: 0.9, y: 0.9), WorldPoint(x: 0.9, y: 0.9)]
        let camera = Camera(centerWorldPoint: WorldPoint(x: 0.9, y: 0.9), zoom: 6, viewport: viewport)
        let markers = MarkerClusterer(points).markers(for: camera, exclude: 0)
        #expect(markers.count == 1 && markers[0].count == 2)
        #expect(MarkerClusterer(points).markers(for: camera, exclude: 1).map(\.count) == [1, 1])
    }

    @Test("a lone place is a place marker at its screen position; from zoom 16 on only places a few metres apart share a marker")
    func placesAndNoClustering() {
        // 0.5 begins a cell of the finest level (2^-24 wide); 1e-7 further is in the next but one.
        let spot = WorldPoint(x: 0.5 + 3e-7, y: 0.5)
        let points = [WorldPoint(x: 0.5, y: 0.5), WorldPoint(x: 0.5 + 1e-7, y: 0.5), WorldPoint(x: 0.3, y: 0.3)]
            + Array(repeating: spot, count: 999) + [WorldPoint(x: spot.x + 1e-9, y: spot.y)]
        let clusterer = MarkerClusterer(points)
        let close = Camera(centerWorldPoint: WorldPoint(x: 0.5, y: 0.5), zoom: 16, viewport: viewport)
        let markers = clusterer.markers(for: close)
        #expect(Set(markers.filter { $0.count == 1 }) == [
            .place(index: 0, at: ScreenPoint(x: 550, y: 375)),
            .place(index: 1, at: close.screenPoint(for: points[1])),
        ])
        let crowd = markers.filter { $0.count > 1 }
        #expect(crowd.map(\.count) == [1_000])
        #expect(crowd.allSatisfy { $0.position.distance(to: close.screenPoint(for: spot)) < 0.01 })
        #expect(clusterer.markers(for: close, exclude: 3).map(\.count).sorted() == [1, 1, 1, 999])
        // The spot at the view's edge, or 20 pixels beyond it, is all of it (its disc shows in part),
        // as are the places a few pixels from it; 40 pixels beyond the edge, none shows.
        let pixel = 1 / close.worldPixelSize
        for beyond in [-1e-9, 0, 1e-9, 20 * pixel] {
            let edge = Camera(centerWorldPoint: WorldPoint(x: spot.x - beyond - close.visibleWorldRect.width / 2, y: 0.5), zoom: 16, viewport: viewport)
            #expect(clusterer.markers(for: edge).map(\.count).sorted() == [1, 1, 1_000], "\(beyond / pixel) pixels beyond")
        }
        let beyondReach = Camera(centerWorldPoint: WorldPoint(x: spot.x - 40 * pixel - close.visibleWorldRect.width / 2, y: 0.5), zoom: 16, viewport: viewport)
        #expect(clusterer.markers(for: beyondReach).isEmpty)
        // A crowd at one point alone: one marker from its sums, the excluded place apart.
        let alone = MarkerClusterer(Array(repeating: spot, count: 1_000))
        let onSpot = Camera(centerWorldPoint: spot, zoom: 18, viewport: viewport)
        #expect(alone.markers(for: onSpot).map(\.count) == [1_000])
        #expect(alone.markers(for: onSpot, exclude: 7).map(\.count).sorted() == [1, 999])
        #expect(alone.markers(for: Camera(centerWorldPoint: WorldPoint(x: 0.6, y: 0.5), zoom: 18, viewport: viewport)).isEmpty)
        let far = Camera(centerWorldPoint: WorldPoint(x: 0.5, y: 0.5), zoom: 15.9, viewport: viewport)
        #expect(clusterer.markers(for: far).map(\.count) == [1_002])
        #expect(MarkerClusterer([]).markers(for: far).isEmpty)
    }

    @Test("places outside the world or with non-finite components are never returned")
    func invalidPoints() {
        let points = [WorldPoint(x: 1.2, y: 0.5), WorldPoint(x: .nan, y: 0.5), WorldPoint(x: 0.5, y: 0.5)]
        let clusterer = MarkerClusterer(points)
        let camera = Camera(centerWorldPoint: WorldPoint(x: 0.5, y: 0.5), zoom: 0, viewport: viewport)
        #expect(clusterer.count == 3)
        #expect(clusterer.markers(for: camera, exclude: 1) == [.place(index: 2, at: ScreenPoint(x: 550, y: 375))])
    }

    @Test("expanding a cluster zooms in at least two levels and spreads its members apart")
    func expansion() {
        let points = GeoSamples.worldPoints(count: 20000, seed: 71)
        let clusterer = MarkerClusterer(points)
        let camera = Camera(centerWorldPoint: WorldPoint(x: 0.5, y: 0.5), zoom: 1.55, viewport: viewport)
        var checked = 0
        for case .cluster(let count, _, let bounds) in clusterer.markers(for: camera) where count > 20 {
            let expanded = MarkerClusterer.zoomToExpand(bounds, camera: camera)
            #expect(expanded.zoom >= camera.zoom + 2)
            #expect(expanded.visibleWorldRect.contains(bounds.center))
            let members = points.filter { bounds.contains($0) }
            func spread(_ camera: Camera) -> Double {
                let screen = members.map(camera.screenPoint(for:))
                return (screen.map(\.x).max()! - screen.map(\.x).min()!) + (screen.map(\.y).max()! - screen.map(\.y).min()!)
            }
            #expect(spread(expanded) >= 3.9 * spread(camera))
            let region = WorldRect(minX: bounds.minX, minY: bounds.minY, maxX: bounds.maxX, maxY: bounds.maxY)
            let split = clusterer.markers(for: expanded).filter { region.contains(expanded.worldPoint(at: $0.position)) }
            #expect(split.count > 1, "the members no longer share one marker")
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test("the nearest place within a radius is the one a plain scan finds, ties to the lowest index",
          arguments: [1e-7, 1e-4, 0.003, 0.05, 0.6])
    func nearest(radius: Double) {
        var random = SplitMix64(seed: 17)
        let points = GeoSamples.worldPoints(count: 4_000, seed: 17)
        let clusterer = MarkerClusterer(points)
        for _ in 0..<300 {
            // Queries at places (distance 0, duplicates share it), near them, anywhere, and off the world.
            let base = random.chance(0.5) ? random.pick(points) : WorldPoint(x: Double.random(in: -0.1...1.1, using: &random), y: Double.random(in: -0.1...1.1, using: &random))
            let query = WorldPoint(x: base.x + Double.random(in: -radius...radius, using: &random) / 2, y: base.y)
            let odd = random.chance(0.3)
            let expected = points.indices
                .filter { WorldRect.world.contains(points[$0]) && points[$0].distance(to: query) <= radius && (!odd || $0 % 2 == 1) }
                .min { (points[$0].distance(to: query), $0) < (points[$1].distance(to: query), $1) }
            #expect(clusterer.nearest(to: query, within: radius) { !odd || $0 % 2 == 1 } == expected, "query \(query), radius \(radius)")
        }
    }

    @Test("a search that may look at a few places finds the nearest of the first it looks at, in the cells' order")
    func nearestExaminingFew() {
        // 10,000 places at one spot, then one a hair nearer the query within the same smallest cell:
        // a cell's places are in index order, so the nearer one comes last.
        let spot = WorldPoint(x: 0.25, y: 0.25)
        let points = Array(repeating: spot, count: 10_000) + [WorldPoint(x: 0.25 + 1e-9, y: 0.25)]
        let clusterer = MarkerClusterer(points)
        let query = WorldPoint(x: 0.25 + 2e-9, y: 0.25)
        #expect(clusterer.nearest(to: query, within: 1e-6) == 10_000)
        #expect(clusterer.nearest(to: query, within: 1e-6, examining: 100) == 0)
        #expect(clusterer.nearest(to: query, within: 1e-6, examining: 100) { $0 >= 50 } == 50)
        #expect(clusterer.nearest(to: query, within: 1e-6, examining: 100) { $0 >= 100 } == nil)
    }
}
