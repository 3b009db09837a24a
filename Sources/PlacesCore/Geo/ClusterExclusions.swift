/// Places one `MarkerClusterer.markers` call leaves out (removed since the clusterer was built, moved,
/// or drawn on their own), as ascending clusterer slots with running sums of their points, so that a
/// cell's count and centroid still cost a few binary searches however many members are left out.
struct ClusterExclusions: Sendable {
    /// Clusterer slots, ascending.
    private(set) var slots: [Int] = []
    private var prefixX: [Double] = [0]
    private var prefixY: [Double] = [0]

    static let none = ClusterExclusions()

    private init() {}

    /// Leaves out `slots` (any order, duplicates ignored) of a clusterer whose slot points are `points`.
    init(slots: some Sequence<Int>, points: [WorldPoint]) {
        self.slots = Array(Set(slots)).sorted()
        prefixX.reserveCapacity(self.slots.count + 1)
        prefixY.reserveCapacity(self.slots.count + 1)
        for slot in self.slots {
            prefixX.append(prefixX[prefixX.count - 1] + points[slot].x)
            prefixY.append(prefixY[prefixY.count - 1] + points[slot].y)
        }
    }

    var isEmpty: Bool { slots.isEmpty }

    /// Positions in `slots` of the excluded slots inside `run`.
    func positions(in run: Range<Int>) -> Range<Int> {
        slots.lowerBound(of: run.lowerBound)..<slots.lowerBound(of: run.upperBound)
    }

    /// The sums of x and y of the excluded points at `positions`.
    func sums(at positions: Range<Int>) -> (x: Double, y: Double) {
        (prefixX[positions.upperBound] - prefixX[positions.lowerBound], prefixY[positions.upperBound] - prefixY[positions.lowerBound])
    }
}
