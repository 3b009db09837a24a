/// The slots a `LivePlaceIndex` segment has set aside (added or moved since their segment's snapshot), also
/// bucketed by a 256 × 256 grid over the world, so that a search near a point looks at the places set
/// aside near it rather than at all of them: while a large file comes in, tens of thousands wait for
/// their segment's next snapshot, and a map at rest asks for the nearest places of every cluster.
///
/// A slot's cell comes from the point it was set aside at; the owner tells the old point when it moves.
/// A cell's slots are an unordered list, and the cells an array made at the first slot set aside: a
/// slot is taken out of one only when it moves or goes, while an import sets aside a million that
/// stay put (a set per cell in a dictionary hashed each of them twice).
struct SetAsideSlots: Sendable {
    /// Every slot set aside, in ascending order when iterated.
    private(set) var all = SlotBits()
    /// Each grid cell's slots; empty until a slot is set aside.
    private var cells: [[Int]] = []
    /// The cells holding a slot: a search whose rect spans more cells than these looks at these alone.
    private var occupiedCells: Set<Int> = []
    private static let grid = SpatialGrid(bounds: .world, targetCells: 256 * 256)

    func contains(_ slot: Int) -> Bool { all.contains(slot) }

    /// Sets `slot` aside at `point` (moving it from `old` when it already was); whether it is new.
    @discardableResult
    mutating func insert(_ slot: Int, at point: WorldPoint, movingFrom old: WorldPoint) -> Bool {
        let inserted = all.insert(slot)
        if !inserted { take(slot, outOf: Self.grid.cell(of: old)) }
        if cells.isEmpty { cells = Array(repeating: [], count: Self.grid.cellCount) }
        let cell = Self.grid.cell(of: point)
        if cells[cell].isEmpty { occupiedCells.insert(cell) }
        cells[cell].append(slot)
        return inserted
    }

    /// Takes `slot`, set aside at `point`, back; whether it was set aside.
    @discardableResult
    mutating func remove(_ slot: Int, at point: WorldPoint) -> Bool {
        guard all.remove(slot) else { return false }
        take(slot, outOf: Self.grid.cell(of: point))
        return true
    }

    private mutating func take(_ slot: Int, outOf cell: Int) {
        guard !cells.isEmpty, let position = cells[cell].firstIndex(of: slot) else { return }
        cells[cell].swapAt(position, cells[cell].count - 1)
        cells[cell].removeLast()
        if cells[cell].isEmpty { occupiedCells.remove(cell) }
    }

    /// Calls `body` with every slot set aside in a cell that `rect` overlaps (so at least those inside
    /// it), `limit` of them at most.
    func forEach(overlapping rect: WorldRect, upTo limit: Int = .max, _ body: (Int) -> Void) {
        let range = Self.grid.cells(overlapping: rect)
        var left = limit
        func visit(_ cell: Int) {
            guard left > 0 else { return }
            cells[cell].prefix(left).forEach(body)
            left -= cells[cell].count
        }
        let cellCount = (range.maxX - range.minX + 1) * (range.maxY - range.minY + 1)
        if cellCount < occupiedCells.count {
            for row in range.minY...range.maxY {
                for column in range.minX...range.maxX { visit(row * Self.grid.columns + column) }
            }
        } else {
            for cell in occupiedCells {
                let row = cell / Self.grid.columns, column = cell % Self.grid.columns
                if row >= range.minY, row <= range.maxY, column >= range.minX, column <= range.maxX { visit(cell) }
            }
        }
    }
}
