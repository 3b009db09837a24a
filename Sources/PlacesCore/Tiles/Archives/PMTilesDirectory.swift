/// One directory of a PMTiles archive (spec v3): entries in ascending tile id, each a run of tiles
/// sharing one blob (`runLength` > 0) or a leaf directory (`runLength` 0). Serialized as varints in
/// columns (count, tile id deltas, run lengths, lengths, offsets where 0 means "right after the
/// previous entry"), then compressed.
struct PMTilesDirectory: Sendable {
    struct Entry: Sendable {
        var tileID: UInt64
        var offset: UInt64
        var length: UInt64
        var runLength: UInt64
    }

    let entries: [Entry]

    /// Reads the uncompressed bytes of a directory.
    init(_ bytes: [UInt8]) throws(TileArchiveError) {
        var cursor = 0
        func varint() throws(TileArchiveError) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard cursor < bytes.count, shift < 64 else { throw .damaged(tr("a directory ends too early")) }
                let byte = bytes[cursor]
                cursor += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }
        let count = try varint()
        // Each entry takes four bytes at least: a count larger than that is a lie, not a reservation.
        guard count > 0, count <= UInt64(bytes.count / 4) else { throw .damaged(tr("a directory's count of entries is wrong")) }
        var entries = [Entry](repeating: Entry(tileID: 0, offset: 0, length: 0, runLength: 0), count: Int(count))
        var last: UInt64 = 0
        for index in entries.indices {
            let (sum, overflow) = last.addingReportingOverflow(try varint())
            guard !overflow else { throw .damaged(tr("a directory's tile ids overflow")) }
            last = sum
            entries[index].tileID = last
        }
        for index in entries.indices { entries[index].runLength = try varint() }
        for index in entries.indices {
            entries[index].length = try varint()
            guard entries[index].length > 0 else { throw .damaged(tr("a directory has an entry of no length")) }
        }
        for index in entries.indices {
            let value = try varint()
            if index > 0, value == 0 {
                entries[index].offset = entries[index - 1].offset &+ entries[index - 1].length
            } else {
                guard value > 0 else { throw .damaged(tr("a directory's first offset is missing")) }
                entries[index].offset = value - 1
            }
        }
        self.entries = entries
    }

    /// The entry holding `tileID`: a run containing it, or the leaf directory that would.
    func entry(for tileID: UInt64) -> Entry? {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].tileID <= tileID { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let entry = entries[low - 1]
        if entry.runLength == 0 { return entry }
        return tileID - entry.tileID < entry.runLength ? entry : nil
    }

    /// The PMTiles id of a tile: its position on the Hilbert curve of its level, after every tile
    /// of the levels above.
    static func tileID(_ tile: TileID) -> UInt64 {
        var id: UInt64 = 0
        for level in 0..<tile.z { id += 1 << (2 * UInt64(level)) }
        var x = UInt64(tile.x), y = UInt64(tile.y)
        var side = UInt64(1) << UInt64(tile.z) / 2
        while side > 0 {
            let rx: UInt64 = x & side > 0 ? 1 : 0
            let ry: UInt64 = y & side > 0 ? 1 : 0
            id += side * side * ((3 * rx) ^ ry)
            // Rotates the quadrant, as the Hilbert curve turns.
            if ry == 0 {
                if rx == 1 {
                    x = side - 1 &- x
                    y = side - 1 &- y
                }
                swap(&x, &y)
            }
            side /= 2
        }
        return id
    }
}
