/// One square of the map at a zoom level, in the XYZ scheme of web maps: 2^z × 2^z tiles cover the
/// world, x growing eastwards from 180° W and y southwards from 85.05° N (MBTiles' TMS rows count
/// from the south: `tmsRow`).
public struct TileID: Hashable, Sendable, CustomStringConvertible {
    public let z: Int
    public let x: Int
    public let y: Int

    public init(z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    /// Whether the tile is one of the 2^z × 2^z of its level.
    public var isValid: Bool { z >= 0 && z <= 30 && x >= 0 && y >= 0 && x < 1 << z && y < 1 << z }

    public var worldRect: WorldRect {
        let side = Double(1 << z)
        return WorldRect(minX: Double(x) / side, minY: Double(y) / side, maxX: Double(x + 1) / side, maxY: Double(y + 1) / side)
    }

    /// The 2^z × 2^z tiles of level `z`, row by row.
    public static func level(_ z: Int) -> [TileID] {
        (0..<1 << z).flatMap { y in (0..<1 << z).map { x in TileID(z: z, x: x, y: y) } }
    }

    /// The tile one level up that covers it; nil at level 0.
    public var parent: TileID? { z > 0 ? TileID(z: z - 1, x: x >> 1, y: y >> 1) : nil }

    /// The tile `levels` up that covers it (itself for 0).
    public func ancestor(levels: Int) -> TileID {
        TileID(z: z - levels, x: x >> levels, y: y >> levels)
    }

    /// The row as MBTiles stores it (the TMS scheme: row 0 in the south).
    public var tmsRow: Int { (1 << z) - 1 - y }

    /// "z/x/y", as tile URLs and files name it.
    public var description: String { "\(z)/\(x)/\(y)" }
}
