/// The run of the Morton order, the box and the sums of the points of every cell of a clusterer's
/// coarse pyramid levels, read in O(1). Without it, a frame found each cell's run by two binary
/// searches over all the places, its box in the bounds tree and its sums in the prefix sums: a few
/// hundred cells a frame, each read far from the last in memory the processor no longer holds. That
/// was 1.5 ms of a world-zoom frame over a million places in the app, against 0.2 ms in a loop that
/// keeps the arrays in the processor's cache.
///
/// The levels go down to where cells hold about 8 places on average (level 7 at most, 21,845 cells),
/// so the table takes at most about 5 bytes a place.
struct ClusterCellTable: Sendable {
    /// The deepest level kept; -1 when none is.
    let deepestLevel: Int
    /// `starts[level][cell]`: the first slot of the cell (its interleaved column and row) at that
    /// level; one more entry holds the number of slots.
    private let starts: [[Int32]]
    /// `boxes[level][cell]`: the box of the cell's points (empty when it has none).
    private let boxes: [[ClusterBoundsTree.Box]]
    /// `sums[level][cell]`: the sums of the x and of the y of the cell's points.
    private let sums: [[WorldPoint]]

    static let maximumLevel = 7

    /// The table of a clusterer's `points`, sorted by their Morton `codes` at
    /// `MarkerClusterer.finestLevel`: its boxes are the bounds tree's and its sums the prefix sums'
    /// for each cell's run, so a whole cell answers as the searches did, only sooner.
    init(codes: [UInt64], points: [WorldPoint], prefixX: [Double], prefixY: [Double], boundsTree: ClusterBoundsTree) {
        var deepest = -1
        while deepest < Self.maximumLevel, points.count >= 8 << (2 * (deepest + 1)) { deepest += 1 }
        deepestLevel = deepest
        guard deepest >= 0 else {
            starts = []
            boxes = []
            sums = []
            return
        }
        let shift = UInt64(2 * (MarkerClusterer.finestLevel - deepest))
        var deepestStarts = [Int32](repeating: Int32(points.count), count: (1 << (2 * deepest)) + 1)
        var cell = -1
        for (slot, code) in codes.enumerated() {
            while cell < Int(code >> shift) {
                cell += 1
                deepestStarts[cell] = Int32(slot)
            }
        }
        var starts = [deepestStarts]
        for _ in 0..<deepest {
            let finer = starts[0]
            starts.insert(stride(from: 0, to: finer.count, by: 4).map { finer[$0] }, at: 0)
        }
        func run(_ cell: Int, in starts: [Int32]) -> Range<Int> { Int(starts[cell])..<Int(starts[cell + 1]) }
        var boxes = [(0..<(1 << (2 * deepest))).map { boundsTree.box(of: run($0, in: deepestStarts), in: points) }]
        for _ in 0..<deepest {
            let finer = boxes[0]
            boxes.insert(stride(from: 0, to: finer.count, by: 4).map { finer[$0..<$0 + 4].reduce(ClusterBoundsTree.Box.empty) { $0.union($1) } }, at: 0)
        }
        self.starts = starts
        self.boxes = boxes
        sums = starts.map { levelStarts in
            (0..<levelStarts.count - 1).map { cell in
                let run = run(cell, in: levelStarts)
                return WorldPoint(x: prefixX[run.upperBound] - prefixX[run.lowerBound], y: prefixY[run.upperBound] - prefixY[run.lowerBound])
            }
        }
    }

    /// The slots of the cell with interleaved column and row `key` at `level`; nil when the table
    /// does not reach that level.
    func range(of key: UInt64, level: Int) -> Range<Int>? {
        guard level <= deepestLevel else { return nil }
        let cell = Int(key)
        return Int(starts[level][cell])..<Int(starts[level][cell + 1])
    }

    /// The box of the cell's points, as `ClusterBoundsTree.bounds(of:in:)` gives it for the cell's
    /// run; nil when the table does not reach `level` or the cell is empty.
    func bounds(of key: UInt64, level: Int) -> WorldRect? {
        guard level <= deepestLevel else { return nil }
        let box = boxes[level][Int(key)]
        return box.minX <= box.maxX ? box.rect : nil
    }

    /// The sums of the x and of the y of the cell's points; nil when the table does not reach `level`.
    func sums(of key: UInt64, level: Int) -> WorldPoint? {
        level <= deepestLevel ? sums[level][Int(key)] : nil
    }
}
