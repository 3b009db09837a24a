/// The cell layout of a `SpatialIndex`: a uniform grid over a bounding box, with clamped lookups so
/// that anything outside the box belongs to the nearest edge cell. Cell lookups are monotonic in each
/// axis, which is what makes the ring search's distance bound valid.
struct SpatialGrid: Sendable {
    struct CellRange {
        var minX: Int
        var minY: Int
        var maxX: Int
        var maxY: Int
    }

    /// The largest number of columns or rows.
    static let maximumSide = 2048

    /// The bounding box of the indexed points, nil when there are none.
    let bounds: WorldRect?
    let columns: Int
    let rows: Int
    /// Cells per world unit along x and y.
    private let scaleX: Double
    private let scaleY: Double
    /// The smaller of a cell's width and height, in world units.
    let minimumSpan: Double

    /// A grid over `bounds` with roughly `targetCells` cells of roughly square shape.
    init(bounds: WorldRect?, targetCells: Int) {
        self.bounds = bounds
        let tiny = 1e-12
        let width = max(bounds?.width ?? 1, tiny)
        let height = max(bounds?.height ?? 1, tiny)
        let side = Double(Self.maximumSide)
        let idealColumns = (Double(targetCells) * width / height).squareRoot().rounded()
        columns = Int(min(max(idealColumns, 1), side))
        rows = Int(min(max((Double(targetCells) / Double(columns)).rounded(), 1), side))
        scaleX = Double(columns) / width
        scaleY = Double(rows) / height
        minimumSpan = min(width / Double(columns), height / Double(rows))
    }

    var cellCount: Int { columns * rows }

    /// The clamped column holding an x value (NaN maps to column 0).
    func column(of x: Double) -> Int {
        Self.clampedCell((x - (bounds?.minX ?? 0)) * scaleX, count: columns)
    }

    /// The clamped row holding a y value (NaN maps to row 0).
    func row(of y: Double) -> Int {
        Self.clampedCell((y - (bounds?.minY ?? 0)) * scaleY, count: rows)
    }

    /// The row-major cell number of a point.
    func cell(of point: WorldPoint) -> Int {
        row(of: point.y) * columns + column(of: point.x)
    }

    /// The clamped cells a rectangle overlaps.
    func cells(overlapping rect: WorldRect) -> CellRange {
        CellRange(
            minX: column(of: rect.minX), minY: row(of: rect.minY),
            maxX: column(of: rect.maxX), maxY: row(of: rect.maxY)
        )
    }

    private static func clampedCell(_ position: Double, count: Int) -> Int {
        guard position > 0 else { return 0 }
        return Int(min(position, Double(count - 1)))
    }
}
