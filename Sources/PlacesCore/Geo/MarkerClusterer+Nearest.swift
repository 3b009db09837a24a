import Foundation

extension MarkerClusterer {
    /// The original index of the place closest to `query` within `radius` (world units) among those
    /// `isIncluded` accepts, or nil; equally close places resolve to the lowest index. Only places the
    /// clusterer returns (inside the unit square) are found. The search box falls in at most 2 × 2
    /// cells of the level whose cells are at least as wide as it, each one run of the Morton order.
    /// `limit`: at most that many places are looked at, in that order (a crowd of places a few metres
    /// apart shares one run however small the box).
    public func nearest(to query: WorldPoint, within radius: Double, examining limit: Int = .max,
                        where isIncluded: (Int) -> Bool = { _ in true }) -> Int? {
        guard query.isFinite, radius.isFinite, radius >= 0, !codes.isEmpty else { return nil }
        let level = min(Self.finestLevel, max(0, Int(log2(1 / max(2 * radius, 1e-12)).rounded(.down))))
        let side = 1 << level
        let scale = Double(side)
        let columns = Self.cellIndex((query.x - radius) * scale, side: side)...Self.cellIndex((query.x + radius) * scale, side: side)
        let rows = Self.cellIndex((query.y - radius) * scale, side: side)...Self.cellIndex((query.y + radius) * scale, side: side)
        var best: (distance: Double, index: Int)?
        var left = limit
        for row in rows {
            for column in columns {
                let run = slotRange(column: column, row: row, level: level)
                for slot in run.prefix(max(0, left)) {
                    let distance = points[slot].distance(to: query)
                    guard distance <= radius else { continue }
                    let index = Int(order[slot])
                    guard best.map({ (distance, index) < ($0.distance, $0.index) }) ?? true, isIncluded(index) else { continue }
                    best = (distance, index)
                }
                left -= run.count
            }
        }
        return best?.index
    }
}
