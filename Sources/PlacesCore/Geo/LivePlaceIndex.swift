/// Where the places are, for a map whose places come and go: which markers to draw for a camera, and
/// which place is nearest to a point. Indices are the model's slots.
///
/// The slots are cut into segments of `segmentSize`, each with a `MarkerClusterer` built over a
/// snapshot of its points; the markers of all segments are merged cell by cell. A change does not
/// rebuild a segment at once: its snapshot entries of changed slots are left out of every answer,
/// and the current points of added or moved places are set aside and searched by a coarse grid. Once a
/// segment's changes outnumber a quarter of it (at least 64, at most 16,384), that segment alone is rebuilt. So a
/// change costs O(1) amortized plus that set-aside work, a rebuild never holds more than one
/// segment twice, and places appended by an import touch only the last segment.
public struct LivePlaceIndex: Sendable {
    /// The current point of each slot; non-finite for an empty slot.
    public private(set) var points: [WorldPoint]
    /// Segment `k` covers the slots `k * segmentSize ..< (k + 1) * segmentSize`.
    private var segments: [Segment] = []
    let segmentSize: Int

    /// Leaves rebuilding to the owner, who builds a `Snapshot` off the main thread when `wantsRebuild`
    /// (a full segment takes about 40 ms); otherwise `update` rebuilds in place.
    public var rebuildsElsewhere = false

    /// Slots per segment in the app: a million places are four segments, each rebuilt in about 40 ms
    /// (more segments would cost every frame more merging).
    public static let defaultSegmentSize = 262_144

    /// Places looked at per segment by one step of `nearest(_:to:inside:)`: 1.5 million places at one
    /// point were all looked at, three times for every cluster each time the map settled.
    static let crowdLimit = 4_096

    private struct Segment: Sendable {
        var clusterer: MarkerClusterer
        /// Slots whose snapshot entry no longer holds (removed, moved, or reused).
        var stale: Set<Int> = []
        /// `stale` as clusterer slots, for cluster counts.
        var exclusions = ClusterExclusions.none
        /// Its slots whose current point is not in the snapshot (added or moved since): kept by
        /// segment, so that a new snapshot drops them whole. One set for all segments, sifted at
        /// each snapshot, took 5% of the main thread's time while a million places came in.
        var recent = SetAsideSlots()
        /// Slots changed since its points were handed out for a snapshot; nil while none is built.
        var changedSinceHandout: SlotBits?
        /// Counts the snapshots put in place: one built elsewhere from an older plan is stale.
        var generation = 0

        /// Past a quarter of the snapshot (at least 64, at most 16,384: every painted frame looks at
        /// each place set aside, 0.14 ms for 16,384 at world zoom), a new snapshot answers faster.
        /// The bounds set an import's work: a million places appended had 19.6 million points sorted
        /// into snapshots at a sixteenth and at most 8,192, 8.1 million at these.
        var wantsRebuild: Bool { changeCount > max(64, min(clusterer.count / 4, 16_384)) }

        var changeCount: Int { stale.count + recent.all.count }
    }

    /// What a rebuild of one segment is made from: its points at the time it was planned.
    public struct Plan: Sendable {
        fileprivate let segment: Int
        fileprivate let points: [WorldPoint]
        fileprivate let generation: Int
    }

    /// What a rebuild makes, from a plan alone: built anywhere, then put in place by `install`.
    public struct Snapshot: Sendable {
        fileprivate let segment: Int
        fileprivate let clusterer: MarkerClusterer
        fileprivate let generation: Int

        public init(_ plan: Plan) {
            segment = plan.segment
            clusterer = MarkerClusterer(plan.points)
            generation = plan.generation
        }
    }

    /// The index of `points`, by slot (non-finite: no place in that slot).
    public init(_ points: [WorldPoint] = [], segmentSize: Int = LivePlaceIndex.defaultSegmentSize) {
        self.points = points
        self.segmentSize = max(1, segmentSize)
        for start in stride(from: 0, to: points.count, by: self.segmentSize) {
            segments.append(Segment(clusterer: MarkerClusterer(Array(points[start..<min(start + self.segmentSize, points.count)]))))
        }
    }

    /// Makes room for the points of `slots` slots at once (see `Array.pad(to:with:room:)`).
    public mutating func makeRoom(forSlots slots: Int) {
        if points.capacity < slots { points.reserveCapacity(slots) }
    }

    /// Sets the point of `slot` (nil: the slot is now empty).
    public mutating func update(slot: Int, to point: WorldPoint?) {
        update([(slot, point)])
    }

    /// Sets the points of several slots at once (nil: the slot is now empty); each segment changed
    /// is rebuilt at most once.
    public mutating func update(_ changes: some Sequence<(slot: Int, point: WorldPoint?)>) {
        var changedSegments: Set<Int> = []
        var staleSegments: Set<Int> = []
        // An import's places come in runs of one segment: its number is noted once a run, not hashed each time.
        var lastChanged: Int?
        for (slot, point) in changes {
            let point = point ?? WorldPoint(x: .nan, y: .nan)
            points.pad(to: slot + 1, with: WorldPoint(x: .nan, y: .nan), room: 0)
            let old = points[slot]
            let unchanged = old.isFinite ? old == point : !point.isFinite
            guard !unchanged else { continue }
            points[slot] = point
            let k = slot / segmentSize
            while segments.count <= k { segments.append(Segment(clusterer: MarkerClusterer([]))) }
            if slot - k * segmentSize < segments[k].clusterer.count {
                segments[k].stale.insert(slot)
                staleSegments.insert(k)
            }
            if point.isFinite {
                segments[k].recent.insert(slot, at: point, movingFrom: old)
            } else {
                segments[k].recent.remove(slot, at: old)
            }
            segments[k].changedSinceHandout?.insert(slot)
            if k != lastChanged {
                changedSegments.insert(k)
                lastChanged = k
            }
        }
        for k in changedSegments {
            if segments[k].wantsRebuild, !rebuildsElsewhere {
                rebuild(segment: k)
            } else if staleSegments.contains(k) {
                noteExclusions(of: k)
            }
        }
    }

    /// Whether so many places of a segment are set aside that a new snapshot of it would answer faster.
    public var wantsRebuild: Bool { segments.contains(where: \.wantsRebuild) }

    /// What to build the next snapshot from (`Snapshot(plan)`, anywhere), for `install`: the segment
    /// with the most changes set aside; its changes from now on are noted, to be set aside against
    /// that snapshot. Nil when no segment wants a rebuild.
    public mutating func planSnapshot() -> Plan? {
        plan(among: { $0.wantsRebuild })
    }

    /// Like `planSnapshot`, for a segment with any place set aside, however few: for when places
    /// have stopped changing, so that no frame places them one by one any more. Nil when none has.
    public mutating func planTidying() -> Plan? {
        plan(among: { $0.changeCount > 0 })
    }

    /// The plan for the segment with the most changes set aside among those `isCandidate` accepts.
    private mutating func plan(among isCandidate: (Segment) -> Bool) -> Plan? {
        guard let k = segments.indices.filter({ isCandidate(segments[$0]) })
            .max(by: { segments[$0].changeCount < segments[$1].changeCount })
        else { return nil }
        segments[k].changedSinceHandout = SlotBits()
        return Plan(segment: k, points: Array(points[slots(of: k)]), generation: segments[k].generation)
    }

    /// What `install` took out of use: a segment's old snapshot and the places set aside against it.
    public struct Replaced: Sendable {
        fileprivate let clusterer: MarkerClusterer
        fileprivate let setAside: SetAsideSlots
    }

    /// Puts in place a snapshot built from a plan `planSnapshot` handed out, unless its segment was
    /// rebuilt in place since; places changed since the plan are set aside against it. Returns what
    /// it replaced, for the caller to free where it likes (nil when nothing was put in place).
    @discardableResult
    public mutating func install(_ snapshot: Snapshot) -> Replaced? {
        let k = snapshot.segment
        guard segments.indices.contains(k), snapshot.generation == segments[k].generation,
              let changed = segments[k].changedSinceHandout else { return nil }
        return replace(segment: k, with: snapshot.clusterer, keeping: changed)
    }

    /// Rebuilds every segment from the current points.
    public mutating func rebuild() {
        for k in segments.indices { rebuild(segment: k) }
    }

    private mutating func rebuild(segment k: Int) {
        _ = replace(segment: k, with: MarkerClusterer(Array(points[slots(of: k)])), keeping: SlotBits())
    }

    /// Puts `clusterer` in place for segment `k`, with the slots in `changed` set aside against it;
    /// returns what it replaced.
    private mutating func replace(segment k: Int, with clusterer: MarkerClusterer, keeping changed: SlotBits) -> Replaced {
        let base = k * segmentSize
        var replaced = clusterer
        swap(&segments[k].clusterer, &replaced)
        segments[k].changedSinceHandout = nil
        segments[k].generation += 1
        segments[k].stale = Set(changed.lazy.filter { $0 - base < clusterer.count })
        var recent = SetAsideSlots()
        for slot in changed where segments[k].recent.contains(slot) { recent.insert(slot, at: points[slot], movingFrom: points[slot]) }
        swap(&segments[k].recent, &recent)
        noteExclusions(of: k)
        return Replaced(clusterer: replaced, setAside: recent)
    }

    /// The slots of segment `k` that have points.
    private func slots(of k: Int) -> Range<Int> {
        k * segmentSize..<min((k + 1) * segmentSize, points.count)
    }

    private mutating func noteExclusions(of k: Int) {
        let base = k * segmentSize
        let segment = segments[k]
        segments[k].exclusions = segment.stale.isEmpty ? .none
            : ClusterExclusions(slots: segment.stale.compactMap { segment.clusterer.slot(of: $0 - base) }, points: segment.clusterer.points)
    }

    /// The markers for `camera`, as `MarkerClusterer.markers(for:cellSize:exclude:)` makes them for
    /// all the points.
    public func markers(for camera: Camera, cellSize: Double = 64, exclude selected: Int? = nil) -> [MapMarker] {
        guard let area = MarkerClusterer.shownArea(for: camera).intersection(.world) else { return [] }
        var result: [MapMarker] = []
        if let selected, points.indices.contains(selected), WorldRect.world.contains(points[selected]), area.contains(points[selected]) {
            result.append(.place(index: selected, at: camera.screenPoint(for: points[selected])))
        }
        var cells = CellMerger(clustering: camera.zoom < MarkerClusterer.clusteringMaxZoom)
        for (k, segment) in segments.enumerated() where segment.clusterer.count > 0 {
            let base = k * segmentSize
            var exclusions = segment.exclusions
            if let selected, !segment.stale.contains(selected), let slot = segment.clusterer.slot(of: selected - base) {
                exclusions = ClusterExclusions(slots: exclusions.slots + [slot], points: segment.clusterer.points)
            }
            cells.add(segment.clusterer.cellMarkers(for: camera, cellSize: cellSize, excluding: exclusions), indicesFrom: base, camera: camera)
        }
        mergeRecent(into: &cells, camera: camera, cellSize: cellSize, area: area, selected: selected)
        return result + MarkerClusterer.shown(cells.markers, in: area).map(\.marker)
    }

    /// The slot of the place nearest to `query` within `radius` (world units), among those
    /// `isIncluded` accepts; `limit` bounds the places looked at in each segment's snapshot (see
    /// `MarkerClusterer.nearest`) and among each segment's places set aside.
    public func nearest(to query: WorldPoint, within radius: Double, examining limit: Int = .max,
                        where isIncluded: (Int) -> Bool = { _ in true }) -> Int? {
        var best: Int?
        var bestDistance = Double.infinity
        func consider(_ slot: Int) {
            let distance = points[slot].distance(to: query)
            guard distance <= radius, isIncluded(slot) else { return }
            if distance < bestDistance || distance == bestDistance && slot < best ?? .max {
                best = slot
                bestDistance = distance
            }
        }
        for (k, segment) in segments.enumerated() where segment.clusterer.count > 0 {
            let base = k * segmentSize
            if let local = segment.clusterer.nearest(to: query, within: radius, examining: limit, where: { !segment.stale.contains($0 + base) && isIncluded($0 + base) }) {
                consider(local + base)
            }
        }
        let reach = WorldRect(minX: query.x - radius, minY: query.y - radius, maxX: query.x + radius, maxY: query.y + radius)
        for segment in segments {
            segment.recent.forEach(overlapping: reach, upTo: limit) { slot in
                if WorldRect.world.contains(points[slot]) { consider(slot) }
            }
        }
        return best
    }

    /// The slots of up to `count` places inside `bounds`, nearest `centre` first. The search widens
    /// from a 64th of the bounds, so a crowded cluster costs a few small cells, not all its places;
    /// where thousands share a spot (a file's places all at one town's centre), each search looks
    /// at `crowdLimit` of them in each segment, and the places named are the nearest of those.
    public func nearest(_ count: Int, to centre: WorldPoint, inside bounds: WorldRect) -> [Int] {
        var found: [Int] = []
        let reach = max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY, 1e-12) * 1.5
        var radius = reach / 64
        while found.count < count {
            let next = nearest(to: centre, within: radius, examining: Self.crowdLimit) { slot in
                bounds.contains(points[slot]) && !found.contains(slot)
            }
            if let next {
                found.append(next)
            } else if radius < reach {
                radius *= 2
            } else {
                break
            }
        }
        return found
    }

    /// Adds the places set aside since their segment's snapshot to the markers of their cells,
    /// gathered cell by cell first: a cell's places make one marker, merged once. While a file pours
    /// in, thousands of places wait for their segment's next snapshot, and merging each alone (a
    /// marker made, a cell looked up and a cluster remade per place) took a tenth of a painted frame.
    private func mergeRecent(into cells: inout CellMerger, camera: Camera, cellSize: Double, area: WorldRect, selected: Int?) {
        // The places of every grid cell the shown area touches, as the snapshots give them (`MarkerClusterer.cellMarkers`).
        let level = MarkerClusterer.level(for: camera, cellSize: cellSize)
        let (columns, rows) = MarkerClusterer.cells(touching: area, level: level)
        let side = 1 << level, scale = Double(side)
        let clustering = cells.clustering
        var gathered = RecentCells(columns: columns, rows: rows, byPosition: clustering)
        // Segments hold ascending ranges of slots, so their slots in turn are ascending.
        for segment in segments {
            for slot in segment.recent.all where slot != selected {
                let point = points[slot]
                guard WorldRect.world.contains(point) else { continue }
                let column = MarkerClusterer.cellIndex(point.x * scale, side: side), row = MarkerClusterer.cellIndex(point.y * scale, side: side)
                guard columns.contains(column), rows.contains(row) else { continue }
                if clustering {
                    gathered.add(slot, at: point, column: column, row: row)
                } else {
                    // Past clustering, a marker's key is its spot's Morton code (see `MarkerClusterer.markers`).
                    gathered.add(slot, at: point, spot: MarkerClusterer.cellKey(of: point, level: MarkerClusterer.finestLevel))
                }
            }
        }
        guard !gathered.cells.isEmpty else { return }
        cells.add(gathered.cells.map { cell in
            let centroid = cell.centroid, at = camera.screenPoint(for: centroid)
            let marker: MapMarker = cell.count == 1 ? .place(index: cell.first, at: at) : .cluster(count: cell.count, at: at, bounds: cell.bounds)
            return CellMarker(cell: cell.key, marker: marker, centroid: centroid, bounds: cell.bounds)
        }, indicesFrom: 0, camera: camera)
    }
}

/// Places set aside, gathered by cell: each cell's count, centroid and bounds, in the order the
/// cells were first met. While clustering, the cells the shown area touches (a few hundred) are
/// found by their position in it; past clustering, a spot's cell by its key.
private struct RecentCells {
    struct Cell {
        let key: UInt64
        /// The first place met in it: the marker's place when it is alone.
        let first: Int
        var count = 1
        var sum: (x: Double, y: Double)
        var bounds: WorldRect

        var centroid: WorldPoint { WorldPoint(x: sum.x / Double(count), y: sum.y / Double(count)) }
    }

    private(set) var cells: [Cell] = []
    private let columns: ClosedRange<Int>, rows: ClosedRange<Int>
    /// While clustering: for each cell of the area, row by row, its position in `cells` (-1: none yet).
    private var byPosition: [Int32]
    private var bySpot: [UInt64: Int] = [:]

    init(columns: ClosedRange<Int>, rows: ClosedRange<Int>, byPosition: Bool) {
        self.columns = columns
        self.rows = rows
        self.byPosition = byPosition ? Array(repeating: -1, count: columns.count * rows.count) : []
    }

    /// Adds a place in the area's cell at `column` and `row` (while clustering).
    mutating func add(_ slot: Int, at point: WorldPoint, column: Int, row: Int) {
        let index = (row - rows.lowerBound) * columns.count + column - columns.lowerBound
        if byPosition[index] < 0 {
            byPosition[index] = Int32(cells.count)
            cells.append(Cell(key: MarkerClusterer.interleave(UInt64(column), UInt64(row)), first: slot, sum: (point.x, point.y), bounds: Self.spot(point)))
        } else {
            join(Int(byPosition[index]), point)
        }
    }

    /// Adds a place at the spot with key `spot` (past clustering).
    mutating func add(_ slot: Int, at point: WorldPoint, spot: UInt64) {
        if let position = bySpot[spot] {
            join(position, point)
        } else {
            bySpot[spot] = cells.count
            cells.append(Cell(key: spot, first: slot, sum: (point.x, point.y), bounds: Self.spot(point)))
        }
    }

    private static func spot(_ point: WorldPoint) -> WorldRect {
        WorldRect(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y)
    }

    private mutating func join(_ position: Int, _ point: WorldPoint) {
        cells[position].count += 1
        cells[position].sum.x += point.x
        cells[position].sum.y += point.y
        cells[position].bounds = cells[position].bounds.union(Self.spot(point))
    }
}

/// The markers of several sources (segments, places set aside) merged cell by cell: two markers of
/// one cell become one cluster (past clustering, the cells are the finest level's, a few metres wide).
private struct CellMerger {
    let clustering: Bool
    private(set) var markers: [CellMarker] = []
    /// Where each cell's marker is in `markers`; built when a second source comes.
    private var positions: [UInt64: Int]?

    init(clustering: Bool) { self.clustering = clustering }

    /// Adds `cells`, whose place indices count from `base`.
    mutating func add(_ cells: [CellMarker], indicesFrom base: Int, camera: Camera) {
        let cells = base == 0 ? cells : cells.map { $0.offsetting(indicesBy: base) }
        guard !markers.isEmpty else {
            markers += cells
            return
        }
        if positions == nil {
            positions = Dictionary(markers.enumerated().map { ($1.cell, $0) }, uniquingKeysWith: { first, _ in first })
        }
        for cell in cells {
            if let position = positions![cell.cell] {
                markers[position] = markers[position].merged(with: cell, camera: camera)
            } else {
                positions![cell.cell] = markers.count
                markers.append(cell)
            }
        }
    }
}
