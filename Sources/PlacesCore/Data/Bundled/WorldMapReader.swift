/// Reads the base map formats described in data/README.md: `world.bin` ("PLWM", version 1, layers
/// of paths of rings of (longitude, latitude) Float32 pairs) and `detail.bin` ("PLWD", version 1,
/// paths with a rank and rings of zigzag varint deltas in 1e-4 degrees), little-endian.
public enum WorldMapReader {
    /// Why a base map file cannot be used.
    public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, with the byte offset when the file is cut short or damaged.
        public var description: String
    }

    /// Parses `bytes` (either format) into a projected `WorldMap`.
    public static func read(_ bytes: [UInt8]) throws(FormatError) -> WorldMap {
        var cursor = ByteCursor(bytes: bytes)
        let magic = bytes.count >= 4 ? Array(bytes[0..<4]) : []
        let isDetail = magic == Array("PLWD".utf8)
        guard cursor.remaining >= 8, isDetail || magic == Array("PLWM".utf8) else {
            throw FormatError(description: "not a Places world map (bad magic)")
        }
        cursor.offset = 4
        let version = try cursor.u16()
        guard version == 1 else { throw FormatError(description: "unsupported world map version \(version)") }
        let layerCount = try cursor.u16()
        var layers: [WorldMap.Layer] = []
        for _ in 0..<layerCount {
            layers.append(try readLayer(&cursor, detail: isDetail))
        }
        return WorldMap(layers: layers)
    }

    private static func readLayer(_ cursor: inout ByteCursor, detail: Bool) throws(FormatError) -> WorldMap.Layer {
        let kindByte = try cursor.u8()
        guard let kind = WorldMap.LayerKind(rawValue: kindByte) else {
            throw FormatError(description: "unknown layer kind \(kindByte) at byte \(cursor.offset - 1)")
        }
        let minZoom = Double(try cursor.u8())
        let maxZoom = try cursor.u8()
        _ = try cursor.u8()
        let pathCount = try cursor.u32()
        var paths: [WorldMap.Path] = []
        // Each path takes at least 4 bytes, so a hostile count cannot reserve more than the file holds.
        paths.reserveCapacity(min(Int(pathCount), cursor.remaining / 4))
        for _ in 0..<pathCount {
            let rank = detail ? try cursor.u8() : 0
            let ringCount = detail ? try cursor.varint() : Int(try cursor.u32())
            var rings: [[WorldPoint]] = []
            var bounds = WorldRect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
            for _ in 0..<ringCount {
                let ring = detail ? try cursor.deltaRing() : try cursor.projectedRing()
                for point in ring {
                    bounds = WorldRect(
                        minX: min(bounds.minX, point.x), minY: min(bounds.minY, point.y),
                        maxX: max(bounds.maxX, point.x), maxY: max(bounds.maxY, point.y)
                    )
                }
                rings.append(ring)
            }
            paths.append(WorldMap.Path(rings: rings, bounds: bounds, rank: rank))
        }
        let upper = maxZoom == 255 ? Double.infinity : Double(maxZoom)
        return WorldMap.Layer(kind: kind, zoomRange: minZoom...max(minZoom, upper), paths: paths)
    }
}

/// Little-endian reads with bounds checks.
struct ByteCursor {
    let bytes: [UInt8]
    var offset = 0

    var remaining: Int { bytes.count - offset }

    mutating func u8() throws(WorldMapReader.FormatError) -> UInt8 {
        try need(1)
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u16() throws(WorldMapReader.FormatError) -> UInt16 {
        try need(2)
        defer { offset += 2 }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    mutating func u32() throws(WorldMapReader.FormatError) -> UInt32 {
        try need(4)
        defer { offset += 4 }
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    mutating func projectedRing() throws(WorldMapReader.FormatError) -> [WorldPoint] {
        let count = Int(try u32())
        try need(count * 8)
        var ring: [WorldPoint] = []
        ring.reserveCapacity(count)
        bytes.withUnsafeBytes { raw in
            for index in 0..<count {
                let base = offset + index * 8
                let longitude = Double(Float(bitPattern: raw.loadUnaligned(fromByteOffset: base, as: UInt32.self).littleEndian))
                let latitude = Double(Float(bitPattern: raw.loadUnaligned(fromByteOffset: base + 4, as: UInt32.self).littleEndian))
                ring.append(WebMercator.project(Coordinate(latitude: latitude, longitude: longitude)))
            }
        }
        offset += count * 8
        return ring
    }

    /// A base-128 number, least significant group first; at most 63 bits.
    mutating func varint() throws(WorldMapReader.FormatError) -> Int {
        var value = 0
        var shift = 0
        while true {
            let byte = try u8()
            guard shift < 63 else { throw WorldMapReader.FormatError(description: "number too long at byte \(offset)") }
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// A ring of `detail.bin`: its count, then zigzag deltas of longitude and latitude in 1e-4 degrees.
    mutating func deltaRing() throws(WorldMapReader.FormatError) -> [WorldPoint] {
        let count = try varint()
        // Every point takes two bytes at least: a hostile count cannot reserve more than the file holds.
        try need(count * 2)
        var ring: [WorldPoint] = []
        ring.reserveCapacity(count)
        var longitude = 0, latitude = 0
        for _ in 0..<count {
            longitude &+= Self.unzigzag(try varint())
            latitude &+= Self.unzigzag(try varint())
            ring.append(WebMercator.project(Coordinate(latitude: Double(latitude) / 1e4, longitude: Double(longitude) / 1e4)))
        }
        return ring
    }

    private static func unzigzag(_ value: Int) -> Int { Int(bitPattern: UInt(bitPattern: value) >> 1) ^ -(value & 1) }

    private func need(_ count: Int) throws(WorldMapReader.FormatError) {
        guard count >= 0, remaining >= count else {
            throw WorldMapReader.FormatError(description: "truncated at byte \(offset)")
        }
    }
}
