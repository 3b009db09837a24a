/// Decodes a feature's geometry commands (MoveTo, LineTo, ClosePath, each with its count, and
/// zigzag-encoded deltas from the previous point) into parts of points.
enum VectorTileGeometry {
    private static let moveTo: UInt32 = 1, lineTo: UInt32 = 2, closePath: UInt32 = 7

    /// Appends the parts `commands` draw to `points` and `partEnds`: for points one run of every point;
    /// for lines one part per MoveTo; for polygons one ring per MoveTo, its first point repeated at
    /// its end by ClosePath. Rings of fewer than three points and lines of fewer than two are dropped,
    /// as they draw nothing.
    static func decode(_ commands: [UInt32], kind: VectorTileFeature.Kind, into points: inout [SIMD2<Int32>],
                       partEnds: inout [Int]) throws(TileArchiveError) {
        var cursor = SIMD2<Int32>(0, 0)
        var index = 0
        var partStart = points.count
        func endPart() {
            let count = points.count - partStart
            let needed = kind == .polygon ? 4 : kind == .line ? 2 : 1
            if count >= needed { partEnds.append(points.count) } else { points.removeSubrange(partStart...) }
            partStart = points.count
        }
        while index < commands.count {
            let command = commands[index] & 7, count = Int(commands[index] >> 3)
            index += 1
            switch command {
            case moveTo, lineTo:
                guard count <= (commands.count - index) / 2 else {
                    throw .damaged(tr("a feature's geometry runs past its end"))
                }
                if command == moveTo {
                    // A line ends where the next begins; a ring not closed before it draws nothing.
                    if kind == .line { endPart() } else if kind == .polygon { points.removeSubrange(partStart...) }
                }
                if command == lineTo, points.count == partStart { throw .damaged(tr("a feature's line starts without a point")) }
                for _ in 0..<count {
                    let dx = Int32(truncatingIfNeeded: VectorTileValue.unzigzag(UInt64(commands[index])))
                    let dy = Int32(truncatingIfNeeded: VectorTileValue.unzigzag(UInt64(commands[index + 1])))
                    index += 2
                    cursor &+= SIMD2(dx, dy)
                    points.append(cursor)
                }
            case closePath:
                guard kind == .polygon, points.count > partStart else { throw .damaged(tr("a feature closes a shape it did not start")) }
                points.append(points[partStart])
                endPart()
            default:
                throw .damaged(tr("a feature's geometry holds an unknown command ({command})", ["command": String(command)]))
            }
        }
        // A polygon ring is ended by its ClosePath; what is left unclosed draws nothing.
        if kind == .polygon { points.removeSubrange(partStart...) } else { endPart() }
    }
}
