import Foundation

/// Turns places into the markers to draw for a camera: single places where they are sparse, one
/// cluster per screen cell where several share it.
///
/// Clustering is world-aligned grid clustering over a precomputed pyramid: every place inside the
/// unit square gets a 24-bit-per-axis Morton (Z-order) code and the places are sorted by it once.
/// A grid cell at any zoom level `L` (2^L × 2^L cells over the world) is then one contiguous run of
/// that order, so a cell's count comes from two binary searches, its centroid from prefix sums and
/// its bounds from a segment tree: a frame costs O(visible cells · log n), independent of how many
/// places each cell holds. For the coarse levels (down to about 8 places a cell) a `ClusterCellTable`
/// holds each cell's run, box and sums, read in O(1). Cells are world-aligned, so clusters do not
/// jump while panning.
///
/// Each place is returned at most once. A cell the view's edge cuts is a marker of all its places,
/// shown while its centre is within `markerReach` pixels of the view (a part of its disc shows), as
/// every marker is: its count and position do not change as the edge moves across it while the map
/// is dragged (as with Leaflet.markercluster and supercluster), and it costs its sums, not a walk
/// along the edge. Places outside the unit square or with non-finite components are never returned.
/// Holds at most `Int32.max` places.
public struct MarkerClusterer: Sendable {
    /// From this zoom on every place in reach is returned individually, but for places sharing a cell
    /// of the finest level (a few metres wide).
    public static let clusteringMaxZoom = 16.0
    /// Smaller `cellSize` arguments are raised to this many pixels.
    public static let minimumCellSize = 8.0
    /// Bits per axis of the Morton codes, the finest pyramid level.
    static let finestLevel = 24
    /// How far beyond the view's edge, in pixels, a marker's centre may lie and a part of it still
    /// show: the largest cluster disc's radius (26) and its outline.
    public static let markerReach = 28.0

    /// The number of places the clusterer was built from (including ones it never returns).
    public let count: Int

    // Internal (not private) only so that MarkerClusterer+Cells.swift can read them.

    let codes: [UInt64]
    let points: [WorldPoint]
    /// The original index of each slot.
    let order: [Int32]
    /// The slot of each original index, -1 for places that are never returned.
    let slots: [Int32]
    /// `prefixX[s]` is the sum of the x of slots `0..<s`; likewise y.
    let prefixX: [Double]
    let prefixY: [Double]
    let boundsTree: ClusterBoundsTree
    let cells: ClusterCellTable

    /// Builds the pyramid: the places sorted by Morton code (`RadixSort`), then sums, bounds and the
    /// coarse levels' cells in one pass each.
    public init(_ points: [WorldPoint]) {
        precondition(points.count < Int(Int32.max), "MarkerClusterer holds at most Int32.max places")
        count = points.count
        var codes: [UInt64] = [], order: [Int32] = []
        codes.reserveCapacity(points.count)
        order.reserveCapacity(points.count)
        for (index, point) in points.enumerated() where WorldRect.world.contains(point) {
            codes.append(Self.mortonCode(of: point))
            order.append(Int32(index))
        }
        // By code, and places in the same cell in index order.
        RadixSort.sort(&codes, carrying: &order)
        self.codes = codes
        self.order = order
        let sorted = order.map { points[Int($0)] }
        var slots = [Int32](repeating: -1, count: points.count)
        var sumX = [Double](repeating: 0, count: sorted.count + 1)
        var sumY = [Double](repeating: 0, count: sorted.count + 1)
        for (slot, index) in order.enumerated() {
            slots[Int(index)] = Int32(slot)
            sumX[slot + 1] = sumX[slot] + sorted[slot].x
            sumY[slot + 1] = sumY[slot] + sorted[slot].y
        }
        self.points = sorted
        self.slots = slots
        prefixX = sumX
        prefixY = sumY
        boundsTree = ClusterBoundsTree(sorted)
        cells = ClusterCellTable(codes: codes, points: sorted, prefixX: sumX, prefixY: sumY, boundsTree: boundsTree)
    }

    /// The markers for the visible part of the world, in no particular order. Below
    /// `clusteringMaxZoom`, places sharing a world-aligned grid cell about `cellSize` pixels wide
    /// (between 0.71 and 1.41 × `cellSize`, a power-of-two fraction of the world) become one
    /// `.cluster` at their centroid; a place alone in its cell is a `.place`. Past it, places in one
    /// cell of the finest level are still one `.cluster` (a whole file can share one point). The
    /// place with index `exclude` (the selection) is always its own `.place` when in reach, and counts
    /// in no cluster. A marker is returned while its centre is within `markerReach` pixels of the
    /// view, and stands for all the places of its cell, those beyond the view's edge too.
    public func markers(for camera: Camera, cellSize: Double = 64, exclude: Int? = nil) -> [MapMarker] {
        let excluded = slot(of: exclude)
        var markers: [MapMarker] = []
        let area = Self.shownArea(for: camera)
        if let excluded, area.contains(points[excluded]) {
            markers.append(.place(index: Int(order[excluded]), at: camera.screenPoint(for: points[excluded])))
        }
        let exclusions = excluded.map { ClusterExclusions(slots: [$0], points: points) } ?? .none
        return markers + Self.shown(cellMarkers(for: camera, cellSize: cellSize, excluding: exclusions), in: area).map(\.marker)
    }

    /// The markers of every cell that `shownArea(for: camera)` touches, leaving out the clusterer
    /// slots in `exclusions`, each with its cell (a Morton key at the level chosen for `camera`) and
    /// its world position. A cell the area's edge cuts is all its places wherever their centre falls:
    /// `shown(_:in:)` keeps those in reach, once the markers of every source are merged.
    func cellMarkers(for camera: Camera, cellSize: Double = 64, excluding exclusions: ClusterExclusions) -> [CellMarker] {
        guard !codes.isEmpty, let area = Self.shownArea(for: camera).intersection(.world) else { return [] }
        var frame = Frame(
            camera: camera, level: Self.level(for: camera, cellSize: cellSize),
            clustering: camera.zoom < Self.clusteringMaxZoom, exclusions: exclusions
        )
        let (columns, rows) = Self.cells(touching: area, level: frame.level)
        // At most a marker a cell: growing the array as it filled was a third of a world-zoom frame's markers.
        if frame.clustering { frame.markers.reserveCapacity(rows.count * columns.count) }
        for row in rows {
            for column in columns {
                emitCell(column: column, row: row, frame: &frame)
            }
        }
        return frame.markers
    }

    /// The columns and rows of the cells at `level` that `rect` (inside the world) touches.
    static func cells(touching rect: WorldRect, level: Int) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        let side = 1 << level
        let scale = Double(side)
        return (cellIndex(rect.minX * scale, side: side)...cellIndex(rect.maxX * scale, side: side),
                cellIndex(rect.minY * scale, side: side)...cellIndex(rect.maxY * scale, side: side))
    }

    /// Where a marker's centre may be for a part of it to show: the view widened by `markerReach` pixels.
    static func shownArea(for camera: Camera) -> WorldRect {
        let reach = markerReach / camera.worldPixelSize
        let view = camera.visibleWorldRect
        return WorldRect(minX: view.minX - reach, minY: view.minY - reach, maxX: view.maxX + reach, maxY: view.maxY + reach)
    }

    /// Those of `cells` whose centre is in `area` (the camera's `shownArea(for:)`).
    static func shown(_ cells: [CellMarker], in area: WorldRect) -> [CellMarker] {
        cells.filter { area.contains($0.centroid) }
    }

    /// The cell key of `point` at `level` (the key `cellMarkers` gives a marker of that cell).
    static func cellKey(of point: WorldPoint, level: Int) -> UInt64 {
        let side = 1 << level
        return interleave(UInt64(cellIndex(point.x * Double(side), side: side)), UInt64(cellIndex(point.y * Double(side), side: side)))
    }

    /// The camera to move to when a cluster with these `bounds` is clicked, so that its members
    /// spread out: centred on the bounds, fitting them with 48 px padding, and at least two zoom
    /// levels closer than `camera` (capped at `Camera.maxZoom`).
    public static func zoomToExpand(_ bounds: WorldRect, camera: Camera) -> Camera {
        let fitted = Camera.fitting(bounds, viewport: camera.viewport, padding: 48, maximumZoom: Camera.maxZoom)
        return Camera(
            centerWorldPoint: bounds.center, zoom: max(fitted.zoom, camera.zoom + 2), viewport: camera.viewport
        )
    }
}
