import Foundation

/// The gazetteer's towns bucketed by whole degree of latitude and longitude, for the nearest town to a
/// point: a look at the point's cell and the rings around it, never a scan of 235,000 towns.
struct TownGrid: Sendable {
    /// Where each cell's towns start in `towns`, plus one past the end; cell = (lat + 90) * 360 + (lon + 180).
    private let cellStarts: [UInt32]
    private let towns: [UInt32]

    init(latitudes: [Int32], longitudes: [Int32], kinds: [UInt8]) {
        let cells = latitudes.indices.map { kinds[$0] == Gazetteer.Kind.town.rawValue ? Self.cell(latitudes[$0], longitudes[$0]) : -1 }
        var counts = [UInt32](repeating: 0, count: 180 * 360 + 1)
        for cell in cells where cell >= 0 { counts[cell + 1] += 1 }
        for index in 1..<counts.count { counts[index] += counts[index - 1] }
        var next = counts
        var towns = [UInt32](repeating: 0, count: Int(counts.last!))
        for (place, cell) in cells.enumerated() where cell >= 0 {
            towns[Int(next[cell])] = UInt32(place)
            next[cell] += 1
        }
        cellStarts = counts
        self.towns = towns
    }

    static let empty = TownGrid(latitudes: [], longitudes: [], kinds: [])

    private static func cell(_ latitude: Int32, _ longitude: Int32) -> Int {
        row(Double(latitude) / 100_000) * 360 + column(Double(longitude) / 100_000)
    }

    private static func row(_ latitude: Double) -> Int { min(max(Int((latitude + 90).rounded(.down)), 0), 179) }
    private static func column(_ longitude: Double) -> Int { ((Int((longitude + 180).rounded(.down)) % 360) + 360) % 360 }

    /// The town nearest `point` (great-circle), looking ring by ring until no farther ring can hold a
    /// nearer one; nil when there are no towns.
    func nearest(to point: Coordinate, coordinate: (Int) -> Coordinate) -> (place: Int, kilometres: Double)? {
        guard !towns.isEmpty else { return nil }
        let row = Self.row(point.latitude), column = Self.column(point.longitude)
        var best: (place: Int, kilometres: Double)?
        for ring in 0...180 {
            // Every cell of this ring is at least (ring - 1) cells away; a cell of longitude is narrowest
            // at the ring's latitude farthest from the equator.
            if let best, ring > 1 {
                let farthestLatitude = min(89.9, abs(point.latitude) + Double(ring))
                let cellWidth = 111.19 * min(1, cos(farthestLatitude * .pi / 180))
                if Double(ring - 1) * cellWidth > best.kilometres { break }
            }
            for cellRow in max(row - ring, 0)...min(row + ring, 179) {
                let onEdge = cellRow == row - ring || cellRow == row + ring
                let columns = onEdge ? Array(-ring...ring) : (ring == 0 ? [0] : [-ring, ring])
                for offset in columns where ring < 180 || offset < 180 {
                    let cell = cellRow * 360 + ((column + offset) % 360 + 360) % 360
                    for town in towns[Int(cellStarts[cell])..<Int(cellStarts[cell + 1])] {
                        let distance = coordinate(Int(town)).distance(to: point)
                        if distance < best?.kilometres ?? .infinity { best = (Int(town), distance) }
                    }
                }
            }
        }
        return best
    }
}
