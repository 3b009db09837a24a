/// Where the places are, for a map whose places come and go: which markers to draw for a camera, and
/// which place is nearest to a point. Indices are the model's slots.
///
/// A `MarkerClusterer` is built over a snapshot of the points (it also finds the nearest). A change after
/// that does not rebuild them: the snapshot entries of changed slots are left out of every answer,
/// and the current points of added or moved places are kept aside and searched one by one. Once the
/// changes since the snapshot outnumber a sixteenth of it (at least 64), the snapshot is rebuilt, so a
/// change costs O(1) amortized plus that set-aside work, and queries stay within a few percent of the
/// static structures'.
public struct LivePlaceIndex: Sendable {
    /// The current point of each slot; non-finite for an empty slot.
    public private(set) var points: [WorldPoint]
    private var clusterer: MarkerClusterer
    /// Slots whose snapshot entry no longer holds (removed, moved, or reused).
    private var stale: Set<Int> = []
    /// Slots whose current point is not in the snapshot (added or moved since).
    private var recent: Set<Int> = []
    /// `stale` as clusterer slots, for cluster counts.
    private var staleExclusions = ClusterExclusions.none
    /// Slots changed since the points for a snapshot were handed out (`planSnapshot`); nil while no
    /// snapshot is being built elsewhere.
    private var changedSinceHandout: Set<Int>?
    /// Counts the snapshots put in place: one built elsewhere from an older plan is stale.
    private var generation = 0

    /// Leaves rebuilding to the owner, who builds a `Snapshot` off the main thread when `wantsRebuild`
    /// (a large index takes a third of a second to rebuild); otherwise `update` rebuilds in place.
    public var rebuildsElsewhere = false

    /// What a rebuild is made from: the points at the time it was planned.
    public struct Plan: Sendable {
        fileprivate let points: [WorldPoint]
        fileprivate let generation: Int
    }

    /// What a rebuild makes, from a plan alone: built anywhere, then put in place by `install`.
    public struct Snapshot: Sendable {
        fileprivate let clusterer: MarkerClusterer
        fileprivate let generation: Int

        public init(_ plan: Plan) {
            clusterer = MarkerClusterer(plan.points)
            generation = plan.generation
        }
    }

    /// The index of `points`, by slot (non-finite: no place in that slot).
    public init(_ points: [WorldPoint] = []) {
        self.points = points
        clusterer = MarkerClusterer(points)
    }

    /// How many changes are kept aside before the snapshot is rebuilt.
    private var rebuildThreshold: Int { max(64, clusterer.count / 16) }

    /// Sets the point of `slot` (nil: the slot is now empty).
    public mutating func update(slot: Int, to point: WorldPoint?) {
        update([(slot, point)])
    }

    /// Sets the points of several slots at once (nil: the slot is now empty): a large change, such as
    /// an import, rebuilds the snapshot once at the end rather than every sixteenth of the way.
    public mutating func update(_ changes: some Sequence<(slot: Int, point: WorldPoint?)>) {
        var snapshotChanged = false
        for (slot, point) in changes {
            let point = point ?? WorldPoint(x: .nan, y: .nan)
            if slot >= points.count {
                points.append(contentsOf: repeatElement(WorldPoint(x: .nan, y: .nan), count: slot + 1 - points.count))
            }
            let unchanged = points[slot].isFinite ? points[slot] == point : !point.isFinite
            guard !unchanged else { continue }
            points[slot] = point
            if slot < clusterer.count {
                stale.insert(slot)
                snapshotChanged = true
            }
            if point.isFinite { recent.insert(slot) } else { recent.remove(slot) }
            changedSinceHandout?.insert(slot)
        }
        if wantsRebuild, !rebuildsElsewhere {
            rebuild()
        } else if snapshotChanged {
            staleExclusions = ClusterExclusions(slots: stale.compactMap { clusterer.slot(of: $0) }, points: clusterer.points)
        }
    }

    /// Whether so many places are set aside that a new snapshot would answer faster.
    public var wantsRebuild: Bool { stale.count + recent.count > rebuildThreshold }

    /// What to build the next snapshot from (`Snapshot(plan)`, anywhere), for `install`; changes from
    /// now on are noted, to be set aside against that snapshot.
    public mutating func planSnapshot() -> Plan {
        changedSinceHandout = []
        return Plan(points: points, generation: generation)
    }

    /// Puts in place a snapshot built from the plan `planSnapshot` handed out, unless the index was
    /// rebuilt in place since; places changed since the plan are set aside against it.
    public mutating func install(_ snapshot: Snapshot) {
        guard snapshot.generation == generation, let changed = changedSinceHandout else { return }
        changedSinceHandout = nil
        generation += 1
        clusterer = snapshot.clusterer
        stale = changed.filter { $0 < clusterer.count }
        recent = changed.filter { points[$0].isFinite }
        staleExclusions = stale.isEmpty ? .none : ClusterExclusions(slots: stale.compactMap { clusterer.slot(of: $0) }, points: clusterer.points)
    }

    /// Rebuilds the snapshot from the current points (after a large change, it is cheaper than
    /// answering around many set-aside places).
    public mutating func rebuild() {
        changedSinceHandout = nil
        generation += 1
        clusterer = MarkerClusterer(points)
        stale = []
        recent = []
        staleExclusions = .none
    }

    /// The markers for `camera`, as `MarkerClusterer.markers(for:cellSize:exclude:)` makes them.
    public func markers(for camera: Camera, cellSize: Double = 64, exclude selected: Int? = nil) -> [MapMarker] {
        guard let visible = camera.visibleWorldRect.intersection(.world) else { return [] }
        var result: [MapMarker] = []
        if let selected, points.indices.contains(selected), WorldRect.world.contains(points[selected]), visible.contains(points[selected]) {
            result.append(.place(index: selected, at: camera.screenPoint(for: points[selected])))
        }
        var exclusions = staleExclusions
        if let selected, !stale.contains(selected), let slot = clusterer.slot(of: selected) {
            exclusions = ClusterExclusions(slots: exclusions.slots + [slot], points: clusterer.points)
        }
        var cells = clusterer.cellMarkers(for: camera, cellSize: cellSize, excluding: exclusions)
        mergeRecent(into: &cells, camera: camera, cellSize: cellSize, visible: visible, selected: selected)
        return result + cells.map(\.marker)
    }

    /// The slot of the place nearest to `query` within `radius` (world units).
    public func nearest(to query: WorldPoint, within radius: Double) -> Int? {
        var best = clusterer.nearest(to: query, within: radius) { !stale.contains($0) }
        var bestDistance = best.map { points[$0].distance(to: query) } ?? .infinity
        for slot in recent where WorldRect.world.contains(points[slot]) {
            let distance = points[slot].distance(to: query)
            guard distance <= radius else { continue }
            if distance < bestDistance || distance == bestDistance && slot < best ?? .max {
                best = slot
                bestDistance = distance
            }
        }
        return best
    }

    /// Adds the places set aside since the snapshot to the markers of their cells.
    private func mergeRecent(into cells: inout [CellMarker], camera: Camera, cellSize: Double, visible: WorldRect, selected: Int?) {
        let shown = recent.filter { $0 != selected && WorldRect.world.contains(points[$0]) && visible.contains(points[$0]) }
        guard !shown.isEmpty else { return }
        let level = MarkerClusterer.level(for: camera, cellSize: cellSize)
        let clustering = camera.zoom < MarkerClusterer.clusteringMaxZoom
        var cellIndex: [UInt64: Int] = [:]
        if clustering {
            for (position, cell) in cells.enumerated() { cellIndex[cell.cell] = position }
        }
        for slot in shown.sorted() {
            let point = points[slot]
            let key = MarkerClusterer.cellKey(of: point, level: level)
            let marker = CellMarker(
                cell: key, marker: .place(index: slot, at: camera.screenPoint(for: point)), centroid: point,
                bounds: WorldRect(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y)
            )
            if clustering, let position = cellIndex[key] {
                cells[position] = cells[position].merged(with: marker, camera: camera)
            } else {
                cellIndex[key] = cells.count
                cells.append(marker)
            }
        }
    }
}
