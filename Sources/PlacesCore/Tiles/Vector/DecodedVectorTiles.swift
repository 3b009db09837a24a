import Synchronization

/// The vector tiles of one map decoded last, kept while they cost at most `budget` bytes: the tiles
/// of deeper levels are all drawn from one tile of the map's deepest level, decoded once. Safe to
/// use from several threads at once.
public final class DecodedVectorTiles: Sendable {
    private struct Entry {
        var tile: VectorTile
        var cost: Int
        var lastUse: Int
    }

    private let budget: Int
    private let state = Mutex<(entries: [TileID: Entry], cost: Int, uses: Int)>(([:], 0, 0))

    public init(budget: Int = 48 << 20) {
        self.budget = budget
    }

    /// The decoded tile `id`, if it is kept (it counts as used).
    public func kept(_ id: TileID) -> VectorTile? {
        state.withLock { state in
            guard var entry = state.entries[id] else { return nil }
            state.uses += 1
            entry.lastUse = state.uses
            state.entries[id] = entry
            return entry.tile
        }
    }

    /// Decodes `bytes` as tile `id`, and keeps it.
    public func decode(_ id: TileID, _ bytes: [UInt8]) throws(TileArchiveError) -> VectorTile {
        let tile = try VectorTile(decoding: bytes)
        let cost = tile.layers.reduce(0) { $0 + $1.byteCount }
        state.withLock { state in
            state.uses += 1
            if let old = state.entries[id] { state.cost -= old.cost }
            state.entries[id] = Entry(tile: tile, cost: cost, lastUse: state.uses)
            state.cost += cost
            while state.cost > budget, state.entries.count > 1,
                  let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.cost -= oldest.value.cost
                state.entries[oldest.key] = nil
            }
        }
        return tile
    }
}
