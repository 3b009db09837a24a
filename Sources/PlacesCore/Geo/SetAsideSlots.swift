/// The slots a `LivePlaceIndex` segment has set aside (added or moved since their segment's snapshot), also
/// bucketed by a 256 × 256 grid over the world, so that a search near a point looks at the places set
/// aside near it rather than at all of them: while a large file comes in, tens of thousands wait for
/// their segment's next snapshot, and a map at rest asks for the nearest places of every cluster.
///
/// A slot's cell comes from the point it was set aside at; the owner tells the old point when it moves.
struct SetAsideSlots: Sendable {
    private(set) var all: Set<Int> = []
    private var cells: [Int: Set<Int>] = [:]
    private static let grid = SpatialGrid(bounds: .world, targetCells: 256 * 256)

    func contains(_ slot: Int) -> Bool { all.contains(slot) }

    /// Sets `slot` aside at `point` (moving it from `old` when it already was); whether it is new.
    @discardableResult
    mutating func insert(_ slot: Int, at point: WorldPoint, movingFrom old: WorldPoint) -> Bool {
        let inserted = all.insert(slot).inserted
        if !inserted { cells[Self.grid.cell(of: old)]?.remove(slot) }
        cells[Self.grid.cell(of: point), default: []].insert(slot)
        return inserted
    }

    /// Takes `slot`, set aside at `point`, back; whether it was set aside.
    @discardableResult
    mutating func remove(_ slot: Int, at point: WorldPoint) -> Bool {
        guard all.remove(slot) != nil else { return false }
        let cell = Self.grid.cell(of: point)
        cells[cell]?.remove(slot)
        if cells[cell]?.isEmpty == true { cells[cell] = nil }
        return true
    }

    /// Calls `body` with every slot set aside in a cell that `rect` overlaps (so at least those inside it).
    func forEach(overlapping rect: WorldRect, _ body: (Int) -> Void) {
        let range = Self.grid.cells(overlapping: rect)
        let cellCount = (range.maxX - range.minX + 1) * (range.maxY - range.minY + 1)
        guard cellCount < cells.count else { return all.forEach(body) }
        for row in range.minY...range.maxY {
            for column in range.minX...range.maxX {
                cells[row * Self.grid.columns + column]?.forEach(body)
            }
        }
    }
}
