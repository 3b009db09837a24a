/// A marker as `MarkerClusterer` made it for one grid cell: the cell's key, the marker, and its world
/// centroid and bounds, so that markers of the same cell from two sources can be merged into one.
struct CellMarker: Sendable {
    var cell: UInt64
    var marker: MapMarker
    var centroid: WorldPoint
    var bounds: WorldRect

    /// The same marker with its place's index moved up by `base` (a segment's index into the whole).
    func offsetting(indicesBy base: Int) -> CellMarker {
        guard case .place(let index, let at) = marker else { return self }
        var moved = self
        moved.marker = .place(index: index + base, at: at)
        return moved
    }

    /// The marker of `self` and `other` together (two places become a cluster of two).
    func merged(with other: CellMarker, camera: Camera) -> CellMarker {
        let count = marker.count + other.marker.count
        let centroid = WorldPoint(
            x: (centroid.x * Double(marker.count) + other.centroid.x * Double(other.marker.count)) / Double(count),
            y: (centroid.y * Double(marker.count) + other.centroid.y * Double(other.marker.count)) / Double(count)
        )
        let bounds = bounds.union(other.bounds)
        return CellMarker(
            cell: cell, marker: .cluster(count: count, at: camera.screenPoint(for: centroid), bounds: bounds),
            centroid: centroid, bounds: bounds
        )
    }
}
