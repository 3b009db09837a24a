import Foundation
import Multicast

/// The Map tab's view-model: turns the canvas's input into camera moves and selections, and publishes
/// the markers, clusters and names the canvas draws.
///
/// A tap changes only the model (it selects a place); the highlight and the camera's glide to the
/// place happen in `placesDidChange`, which every tab receives alike: a view-model changes what it
/// shows only when the model says so, including after its own request.
///
/// While a place is edited, the map follows the editor's session instead (`edit(_:)`): the place is
/// drawn where the editor would save it, and dragging it tells the editor its new position.
@MainActor
public final class MapViewModel: PlacesModelDelegate, MapLayersModelDelegate {
    /// What the canvas tells the view-model.
    public enum Input: Sendable {
        /// The canvas has a new size.
        case resized(ScreenSize)
        /// A button went down: what follows is a click or the start of a drag.
        case pressed
        case tapped(ScreenPoint)
        case doubleTapped(ScreenPoint)
        /// A drag began at this point (on the edited place's marker, it moves the place).
        case dragBegan(at: ScreenPoint)
        /// The pointer is `dx`, `dy` pixels from where the drag began; the map follows it.
        case dragged(dx: Double, dy: Double)
        case dragEnded
        /// The wheel turned by `steps` (positive: towards the person) over `at`.
        case scrolled(steps: Double, at: ScreenPoint)
        /// Zoom by `levels` around the centre (zoom buttons, `+` and `-`).
        case zoom(levels: Double)
        /// Pan by a quarter of the view per unit (arrow keys).
        case pan(x: Double, y: Double)
        /// A frame is about to be drawn at `time` seconds (drives camera animations).
        case frame(time: Double)
        /// Show `center` at `zoom` at once (the command line's `--camera`).
        case show(center: Coordinate, zoom: Double)
        /// Name these cities on the base map when zoomed in (sorted most populous first).
        case baseCities([City])
        /// A marker was activated without the pointer (a screen reader, or Enter on a marker that has
        /// keyboard focus): a place is selected, a cluster zooms in, as a click does.
        case activated(MapMarkerItem)
        /// "Add Place Here" from the context menu opened at this point.
        case addPlace(at: ScreenPoint)
        /// Follow this editing session (nil: editing ended).
        case edit(PlaceEditorViewModel?)
        /// Show only the places of a list section (titled `title`), fitted into view; nil: every place.
        case showAlone(PlacesListSectionID?, title: String)
        /// Glide to the places of a list section, all in view (after an import: its Show button).
        case fit(PlacesListSectionID)
        /// Open or fold the legend (its button).
        case toggleLegend
        /// The person chose a place from the chooser of places at one spot (nil: closed it).
        case choose(Place.ID?)
        /// A layer's check button in the layer list.
        case setLayerVisible(MapLayer.ID, Bool)
        /// A layer's remove button (Undo is offered).
        case removeLayer(MapLayer.ID)
        /// The Online Tiles preference as the person set it: on or off, and the server's address.
        case setOnline(isEnabled: Bool, template: String)
        /// A tile of a layer could not be shown, for this reason; the person is told once per layer
        /// (until it is shown or hidden again), not once per tile.
        case tileFailed(MapLayer.ID, reason: String)
        /// "Open Map File…" in the layer list.
        case openMapFile
        /// Glide to show `area` (a map file just opened), zooming in at most to `maximumZoom`.
        case fitArea(WorldRect, maximumZoom: Double)
    }

    /// Zoom a selection brings the camera to at least (city level).
    public static let selectionZoom = 8.0
    /// How far from a marker's centre a click still hits it, in pixels.
    public static let hitRadius = 12.0

    /// What the canvas draws; replays the latest to a new subscriber.
    public let state = Publink<MapState>(replaysLast: true)
    /// Where requests the map cannot answer itself go.
    public weak var coordinator: (any AppCoordinating)?

    public private(set) var camera: Camera

    private let model: PlacesModel
    private let layers: MapLayersModel
    /// The layers whose failure the person was told of.
    private var layersTold: Set<MapLayer.ID> = []
    /// Why the address last typed for online tiles cannot be used.
    private var onlineProblem: String?
    private var index = LivePlaceIndex()
    /// Whether a snapshot of `index` is being built off the main thread.
    private var isRebuildingIndex = false
    /// From this many places on, `index` is rebuilt off the main thread.
    private static let rebuildElsewhereFrom = 50_000
    /// Waits for the moment for work that can wait (a snapshot of `index` put in place, places only
    /// added shown): the GTK shell waits for the window's next painted frame, so that the work, and
    /// the markers placed after it, have the frame's whole room instead of holding up a frame due.
    public var afterFrame: @MainActor () async -> Void = { await Task.yield() }
    /// What encloses every place, for the overview.
    private var placesBounds: WorldRect?
    /// Paces publishing places only added (`publishAdditions`).
    private lazy var additions = Throttle(interval: .milliseconds(100)) { [weak self] in await self?.afterFrame() }
    /// While a section is shown alone: that section, its title, and an index of only its places (same slots).
    private var alone: (section: PlacesListSectionID, title: String, index: LivePlaceIndex)?
    /// The index the map draws and hit-tests: the section shown alone, or every place.
    private var shownIndex: LivePlaceIndex { alone?.index ?? index }
    /// The legend key of each slot's place, to keep the legend's counts as places come and go.
    private var legendKeys: [Int8] = []
    private var legendCounts = [Int](repeating: 0, count: Category.legend.count)
    /// Places to fit into view once the map has a size.
    private var pendingFit: [Coordinate]?
    /// An area to fit into view once the map has a size (a map file opened at launch), with its deepest zoom.
    private var pendingArea: (area: WorldRect, maximumZoom: Double)?
    /// The places at one spot the person is choosing from.
    private var chooser: MapChooser?
    /// Whether the person opened (true) or folded (false) the legend; nil: open in windows wide enough.
    private var legendChoice: Bool?
    /// Narrowest map on which the legend starts open.
    static let openLegendWidth = 560.0
    private var isLegendOpen: Bool { legendChoice ?? (camera.viewport.width >= Self.openLegendWidth) }
    private var markers: [MapMarker] = []
    /// Slots drawn as markers of their own (not inside a cluster), which a click can hit.
    private var shownAlone: Set<Int> = []
    private var baseCities = BaseMapCities([])
    /// The lines and areas, projected.
    private var shapes = MapShapes()
    private var animation: CameraAnimation?
    private var animationStart: Double?
    private var dragOrigin: Camera?
    private var dragMoved = false
    /// Until the person (or a selection) moves the camera, it keeps every place in view.
    private var cameraWasMoved = false
    /// The editing session followed, and what it last published.
    private var editing: PlaceEditorViewModel?
    private var draft: PlaceEditorState?
    private var draftSubscription: Subscription?
    /// Where the edited place was when a drag of it began, nil while no such drag is under way.
    private var draftDragOrigin: ScreenPoint?

    /// Subscribes to `model` and shows all its places, over the base map and the raster maps of `layers`.
    public init(model: PlacesModel, layers: MapLayersModel = MapLayersModel()) {
        self.model = model
        self.layers = layers
        camera = Camera(center: Coordinate(latitude: 20, longitude: 0), zoom: 1, viewport: ScreenSize(width: 0, height: 0))
        model.delegates += self
        layers.delegates += self
        var points: [WorldPoint] = []
        points.reserveCapacity(model.places.slotCount)
        for slot in 0..<model.places.slotCount {
            points.append((model.places[slot]?.coordinate).map(WebMercator.project) ?? WorldPoint(x: .nan, y: .nan))
            noteLegend(slot: slot, category: model.places[slot]?.category)
        }
        index = LivePlaceIndex(points)
        placesBounds = WorldRect(enclosing: points)
        shapes.update(from: model, changed: Set(model.shapes.keys))
        publish()
    }

    public func send(_ input: Input) {
        switch input {
        case .resized(let size): resize(to: size)
        case .pressed: dragMoved = false
        case .tapped(let point): tapped(at: point)
        case .doubleTapped(let point): animate(to: camera.zoomed(by: 1, around: point))
        case .dragBegan(let point):
            dragMoved = false
            animation = nil
            if let position = draftPosition, position.distance(to: point) <= Self.hitRadius {
                draftDragOrigin = position
            } else {
                dragOrigin = camera
            }
        case .dragged(let dx, let dy):
            if let origin = draftDragOrigin { dragDraft(from: origin, byX: dx, y: dy) } else { dragged(byX: dx, y: dy) }
        case .dragEnded:
            dragOrigin = nil
            draftDragOrigin = nil
            publish()
        case .scrolled(let steps, let point): move(to: camera.zoomed(by: -steps / 2, around: point))
        case .zoom(let levels): move(to: camera.zoomed(by: levels, around: camera.viewport.center))
        case .pan(let x, let y): move(to: camera.panned(byX: -x * camera.viewport.width / 4, y: -y * camera.viewport.height / 4))
        case .frame(let time): advanceAnimation(to: time)
        case .show(let center, let zoom): move(to: Camera(center: center, zoom: zoom, viewport: camera.viewport))
        case .activated(let item): activate(item)
        case .addPlace(let point): coordinator?.handle(.newPlace(at: camera.coordinate(at: point)))
        case .edit(let session): follow(session)
        case .showAlone(let section, let title): showAlone(section, title: title)
        case .choose(let id):
            chooser = nil
            if let id { model.select(id) } else { publish() }
        case .toggleLegend:
            legendChoice = !isLegendOpen
            publish()
        case .fit(let section):
            let shapePoints = if case .source(let id) = section { (model.shapes[id] ?? []).flatMap { $0.parts.flatMap { $0 } } } else { [Coordinate]() }
            fit(model.places.lazy.filter(membership(of: section)).map(\.coordinate) + shapePoints)
        case .baseCities(let cities):
            baseCities = BaseMapCities(cities)
            publish()
        case .setLayerVisible(let id, let isVisible):
            if id == .online { setOnline(isEnabled: isVisible, template: layers.online.template) } else { layers.setVisible(id, isVisible) }
        case .removeLayer(let id):
            coordinator?.handle(.removeMapLayer(id))
        case .openMapFile:
            coordinator?.handle(.perform(.openMap))
        case .setOnline(let isEnabled, let template):
            setOnline(isEnabled: isEnabled, template: template)
        case .tileFailed(let id, let reason):
            guard let layer = layers[id], layer.isShown, layersTold.insert(id).inserted else { return }
            coordinator?.handle(.tilesFailed(layer: layer.title, reason: reason))
        case .fitArea(let area, let maximumZoom):
            guard camera.viewport.width > 0, camera.viewport.height > 0 else {
                pendingArea = (area, maximumZoom)
                return
            }
            animate(to: Camera.fitting(area, viewport: camera.viewport, padding: 24, maximumZoom: maximumZoom))
        }
    }

    public func mapLayersDidChange(_ change: MapLayersChange) {
        layersTold.subtract(change.layers)
        publish()
    }

    private func setOnline(isEnabled: Bool, template: String) {
        do {
            let checked = try TileURLTemplate(template)
            onlineProblem = nil
            layers.setOnline(OnlineTiles(isEnabled: isEnabled, template: checked.text))
            publish()
        } catch {
            // A server whose address cannot be used is not turned on; the field says why.
            onlineProblem = error.description
            if !isEnabled { layers.setOnline(OnlineTiles(isEnabled: false, template: layers.online.template)) }
            publish()
        }
    }

    /// The marker (place or cluster) drawn nearest to `point`, within `hitRadius` (plus a cluster's size).
    public func hit(at point: ScreenPoint) -> MapMarker? {
        var best: (marker: MapMarker, distance: Double)?
        func consider(_ marker: MapMarker, within radius: Double) {
            let distance = marker.position.distance(to: point)
            if distance <= radius, distance < (best?.distance ?? .infinity) { best = (marker, distance) }
        }
        for marker in markers where marker.count > 1 {
            consider(marker, within: Self.hitRadius + MapMarkerStyle.clusterRadius(marker.count) - 8)
        }
        let reach = Self.hitRadius / camera.worldPixelSize
        if let nearest = shownIndex.nearest(to: camera.worldPoint(at: point), within: reach), shownAlone.contains(nearest) {
            consider(.place(index: nearest, at: camera.screenPoint(for: shownIndex.points[nearest])), within: Self.hitRadius)
        } else {
            // The nearest place hides in a cluster (or nothing is near): another one drawn alone may still be in reach.
            for marker in markers where marker.count == 1 { consider(marker, within: Self.hitRadius) }
        }
        return best?.marker
    }

    public func placesDidChange(_ change: PlacesChange) {
        let aloneMembersChanged = aloneMembersChanged(change)
        if change.placesChanged {
            let slots = Array(change.removed.keys) + Array(change.added.union(change.updated))
            let places = model.places
            let points = slots.map { slot in places.read(slot) { WebMercator.project($0.coordinate) } }
            index.rebuildsElsewhere = index.points.count >= Self.rebuildElsewhereFrom
            index.makeRoom(forSlots: model.places.slotCapacity)
            index.update(zip(slots, points).lazy.map { (slot: $0, point: $1) })
            rebuildIndexIfDue()
            for slot in slots { noteLegend(slot: slot, category: places.read(slot) { $0.category }) }
            // Places only added (a file, or a portion of one being read) widen the bounds; others recompute them.
            if change.removed.isEmpty, change.updated.isEmpty, let bounds = placesBounds {
                placesBounds = WorldRect(enclosing: points.compactMap { $0 } + [WorldPoint(x: bounds.minX, y: bounds.minY), WorldPoint(x: bounds.maxX, y: bounds.maxY)])
            } else {
                placesBounds = WorldRect(enclosing: index.points)
            }
            if !aloneMembersChanged { updateAlone(slots) }
            if !cameraWasMoved, camera.viewport.width > 0 { camera = overview(in: camera.viewport) }
        }
        if aloneMembersChanged { reindexAlone() }
        let shapesChanged = !change.shapesChanged.isEmpty || change.sourcesChanged
        if shapesChanged { shapes.update(from: model, changed: change.shapesChanged) }
        if change.selectionChanged { shapes.select(model.selectedItem) }
        if change.selectionChanged, let selected = model.selectedPlace {
            animate(to: camera.centering(selected.coordinate, inVisibleArea: (0, 0, camera.viewport.width, camera.viewport.height), minimumZoom: Self.selectionZoom))
        } else if change.placesChanged || change.selectionChanged || aloneMembersChanged || change.favouritesChanged || shapesChanged {
            let onlyAdded = change.removed.isEmpty && change.updated.isEmpty && !change.selectionChanged && !aloneMembersChanged
                && !change.favouritesChanged && !shapesChanged
            if onlyAdded { publishAdditions() } else { publish() }
        }
    }

    /// Publishes places that were only added at most every 100 ms (`additions`): a file being read
    /// adds a portion every frame, and placing the markers again for each took a good part of the
    /// frame. Whatever else publishes meanwhile shows them too.
    private func publishAdditions() {
        additions.request { [weak self] in self?.publish() }
    }

    /// Builds new snapshots of a large index's segments off the main thread, one at a time (tens of
    /// milliseconds each, while a file is still coming in), and puts each in place when done.
    private func rebuildIndexIfDue() {
        guard index.rebuildsElsewhere, !isRebuildingIndex, let plan = index.planSnapshot() else { return }
        isRebuildingIndex = true
        Task { [weak self] in
            let snapshot = await SnapshotBuilder.snapshot { LivePlaceIndex.Snapshot(plan) }
            await self?.afterFrame()
            guard let self else { return }
            index.install(snapshot)
            isRebuildingIndex = false
            publish()
            rebuildIndexIfDue()
        }
    }

    // MARK: Camera

    private func resize(to size: ScreenSize) {
        guard size != camera.viewport, size.width > 0, size.height > 0 else { return }
        camera = cameraWasMoved ? camera.resized(to: size) : overview(in: size)
        if let animation {
            self.animation = CameraAnimation(from: animation.from.resized(to: size), to: animation.to.resized(to: size), duration: animation.duration)
        }
        if let pending = pendingArea {
            pendingArea = nil
            cameraWasMoved = true
            camera = Camera.fitting(pending.area, viewport: size, padding: 24, maximumZoom: pending.maximumZoom)
        }
        if let coordinates = pendingFit {
            pendingFit = nil
            cameraWasMoved = true
            camera = Camera.fitting(coordinates, viewport: size, padding: 48, maximumZoom: Self.selectionZoom + 6)
        }
        publish()
    }

    private func tapped(at point: ScreenPoint) {
        guard !dragMoved else { return }
        chooser = nil
        switch hit(at: point) {
        case .place(let slot, let at)?: open(slot: slot, at: at)
        case .cluster(_, let at, let bounds)?: expand(bounds, at: at)
        case nil: model.select(shapes.hit(at: point, camera: camera, showing: shapesShown))
        }
    }

    /// The shapes drawn: every file's, or those of the file whose section is shown alone.
    private var shapesShown: MapShapes.Showing {
        switch alone?.section {
        case nil: .all
        case .source(let id)?: .source(id)
        default: .none
        }
    }

    /// Zooms in on a cluster; places that would still be drawn as one at the deepest zoom (at one
    /// spot, say a café imported on a capital's marker) are listed in a chooser instead.
    private func expand(_ bounds: WorldRect, at point: ScreenPoint) {
        let apart = max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY) * Camera.worldPixelSize(atZoom: Camera.maxZoom)
        guard apart < 2 * MapMarkerStyle.placeRadius || camera.zoom >= Camera.maxZoom - 0.01 else {
            return animate(to: MarkerClusterer.zoomToExpand(bounds, camera: camera))
        }
        choose(among: slots(in: bounds), at: point)
    }

    /// Selects the place in `slot`, or lists it with the places at its very spot when there are any.
    private func open(slot: Int, at point: ScreenPoint) {
        let spot = shownIndex.points[slot]
        let here = slots(in: WorldRect(minX: spot.x, minY: spot.y, maxX: spot.x, maxY: spot.y))
        guard here.count > 1 else { return model.select(model.places[slot]?.id) }
        choose(among: here, at: point)
    }

    /// The slots of the places shown within `bounds`, give or take a pixel at the deepest zoom.
    private func slots(in bounds: WorldRect) -> [Int] {
        let slop = 1 / Camera.worldPixelSize(atZoom: Camera.maxZoom)
        let points = shownIndex.points
        return points.indices.filter { slot in
            let p = points[slot]
            return p.x >= bounds.minX - slop && p.x <= bounds.maxX + slop && p.y >= bounds.minY - slop && p.y <= bounds.maxY + slop
        }
    }

    private func choose(among slots: [Int], at point: ScreenPoint) {
        let entries = slots.compactMap { model.places[$0] }.map { MapChooser.Entry(id: $0.id, name: $0.shownName, kind: $0.category.displayName) }
        chooser = MapChooser(position: point, entries: entries.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending })
        publish()
    }

    private func activate(_ item: MapMarkerItem) {
        switch item.kind {
        case .place(let id, _, _):
            if let slot = model.places.slot(of: id) { open(slot: slot, at: item.position) } else { model.select(id) }
        case .cluster:
            let cluster = markers.first { $0.count > 1 && $0.position == item.position }
            if case .cluster(_, let at, let bounds)? = cluster { expand(bounds, at: at) }
        }
    }

    private func dragged(byX dx: Double, y dy: Double) {
        guard let origin = dragOrigin else { return }
        if !dragMoved, (dx * dx + dy * dy).squareRoot() < 4 { return }
        dragMoved = true
        cameraWasMoved = true
        camera = origin.panned(byX: dx, y: dy)
        publish()
    }

    /// Moves the camera at once (stopping any animation).
    private func move(to target: Camera) {
        animation = nil
        cameraWasMoved = true
        camera = target
        publish()
    }

    private func animate(to target: Camera) {
        cameraWasMoved = true
        animation = CameraAnimation(from: camera, to: target)
        animationStart = nil
        publish()
    }

    private func advanceAnimation(to time: Double) {
        guard let animation else { return }
        let start = animationStart ?? time
        animationStart = start
        camera = animation.camera(at: time - start)
        if animation.isFinished(at: time - start) {
            self.animation = nil
            animationStart = nil
        }
        publish()
    }

    /// The first view: every place, but never smaller than the world filling the canvas's width.
    private func overview(in size: ScreenSize) -> Camera {
        let fitted = placesBounds.map { Camera.fitting($0, viewport: size, padding: 32, maximumZoom: 4) }
            ?? Camera.fitting([], viewport: size, padding: 32, maximumZoom: 4)
        let fillWidth = log2(max(1, size.width / WebMercator.tileSize))
        return Camera(center: fitted.center, zoom: max(fitted.zoom, fillWidth), viewport: size)
    }

    // MARK: Showing a section alone

    private func showAlone(_ section: PlacesListSectionID?, title: String) {
        guard let section else {
            alone = nil
            publish()
            return
        }
        alone = (section, title, LivePlaceIndex())
        reindexAlone()
        fit(model.places.slots.compactMap { slot in alone!.index.points[slot].x.isFinite ? model.places[slot]?.coordinate : nil })
    }

    /// Glides to show every one of `coordinates` (none: only publishes); a map that has no size yet
    /// (its tab never shown) does so once it has one.
    private func fit(_ coordinates: some Sequence<Coordinate>) {
        let coordinates = Array(coordinates)
        guard !coordinates.isEmpty else { return publish() }
        guard camera.viewport.width > 0, camera.viewport.height > 0 else {
            pendingFit = coordinates
            return
        }
        animate(to: Camera.fitting(coordinates, viewport: camera.viewport, padding: 48, maximumZoom: Self.selectionZoom + 6))
    }

    /// Builds the index of the section shown alone (same slots as `index`, other places left out).
    private func reindexAlone() {
        guard let isMember = aloneMembership() else { return }
        let points = (0..<model.places.slotCount).map { slot in
            model.places[slot].flatMap { isMember($0) ? WebMercator.project($0.coordinate) : nil } ?? WorldPoint(x: .nan, y: .nan)
        }
        alone?.index = LivePlaceIndex(points)
    }

    /// Follows places added, moved or removed in the section shown alone, slot by slot.
    private func updateAlone(_ slots: [Int]) {
        guard let isMember = aloneMembership() else { return }
        alone?.index.update(slots.lazy.map { slot in
            (slot, self.model.places[slot].flatMap { isMember($0) ? WebMercator.project($0.coordinate) : nil })
        })
    }

    /// Whether `change` changed which places belong to the section shown alone (favourites or a
    /// collection: membership is kept apart from the places); then it is indexed anew.
    private func aloneMembersChanged(_ change: PlacesChange) -> Bool {
        switch alone?.section {
        case .favourites?: change.favouritesChanged
        case .collection(let id)?: change.collectionsChanged.contains(id)
        case .kind?, .source?, nil: false
        }
    }

    /// Whether a place belongs to the section shown alone; nil when none is.
    private func aloneMembership() -> ((Place) -> Bool)? {
        alone.map { membership(of: $0.section) }
    }

    /// Whether a place belongs to `section`, as the list sections it.
    private func membership(of section: PlacesListSectionID) -> (Place) -> Bool {
        switch section {
        case .favourites:
            return { [favourites = model.favourites] in favourites.contains($0.id) }
        case .collection(let id):
            let ids = Set(model.collections.first { $0.id == id }?.members ?? [])
            return { ids.contains($0.id) }
        case .kind(let kind):
            return { $0.source == PlaceSource.bundledID && $0.category.legendEntry == kind }
        case .source(let id):
            return { $0.source == id }
        }
    }

    // MARK: Editing

    private func follow(_ session: PlaceEditorViewModel?) {
        guard session !== editing else { return }
        editing = session
        draft = nil
        draftDragOrigin = nil
        draftSubscription = session?.state.subscribe { [weak self] state in
            guard let self else { return }
            let moved = self.draft?.position != state.position
            self.draft = state
            if moved, let drawn = self.draftPosition, !self.isInView(drawn) {
                self.animate(to: self.camera.centering(state.position, inVisibleArea: (0, 0, self.camera.viewport.width, self.camera.viewport.height),
                                                       minimumZoom: self.camera.zoom))
            } else {
                self.publish()
            }
        }
        if session == nil { publish() }
    }

    /// Where the edited place is drawn now.
    private var draftPosition: ScreenPoint? { draft.map { camera.screenPoint(for: $0.position) } }

    private func dragDraft(from origin: ScreenPoint, byX dx: Double, y dy: Double) {
        dragMoved = true
        let point = ScreenPoint(x: min(max(origin.x + dx, 0), camera.viewport.width), y: min(max(origin.y + dy, 0), camera.viewport.height))
        editing?.send(.moved(camera.coordinate(at: point)))  // comes back through the session's state
    }

    private func isInView(_ point: ScreenPoint) -> Bool {
        point.x >= 0 && point.y >= 0 && point.x <= camera.viewport.width && point.y <= camera.viewport.height
    }

    // MARK: Places

    private func noteLegend(slot: Int, category: Category?) {
        legendKeys.pad(to: slot + 1, with: -1, room: model.places.slotCapacity)
        if legendKeys[slot] >= 0 { legendCounts[Int(legendKeys[slot])] -= 1 }
        let key = category.map { Int8(Category.legend.firstIndex(of: $0.legendEntry)!) } ?? -1
        legendKeys[slot] = key
        if key >= 0 { legendCounts[Int(key)] += 1 }
    }

    private func publish() {
        additions.ran()
        let selectedSlot = model.selectedItem.flatMap(model.places.slot(of:))
        markers = shownIndex.markers(for: camera, exclude: selectedSlot)
        shownAlone = Set(markers.compactMap { if case .place(let slot, _) = $0 { slot } else { nil } })
        let legend = MapLegend(
            kinds: Category.legend.indices.filter { legendCounts[$0] > 0 }.map { Category.legend[$0] },
            hasFavourites: !model.favourites.isEmpty, isOpen: isLegendOpen
        )
        var (items, occupied) = MapMarkerLabeller.items(
            for: markers, places: model.places, selectedSlot: selectedSlot, favourites: model.favourites, zoom: camera.zoom,
            reserved: legend.panel.map { [$0] } ?? []
        )
        var draftMarker: MapDraftMarker?
        if let editing, let draft, let position = draftPosition {
            // The edited place is drawn as the draft, not where the model still has it.
            items.removeAll { if case .place(let id, _, _) = $0.kind { id == editing.placeID } else { false } }
            draftMarker = MapDraftMarker(position: position, category: editing.category(at: draft.kindIndex),
                                         label: draft.name.clipped(to: Place.shownNameLimit), isDragged: draftDragOrigin != nil)
        }
        let shownLayers = layers.layers.compactMap { layer in layer.isShown ? layer.source.map { (layer, $0) } : nil }
        state.publish(MapState(
            camera: camera, shapes: shapes.visible(in: camera, showing: shapesShown),
            markers: items, selectedID: model.selectedItem, draft: draftMarker, shownAlone: alone?.title,
            cityLabels: baseCities.labels(for: camera, avoiding: occupied),
            legend: legend, chooser: chooser,
            isAnimating: animation != nil, isDragging: dragOrigin != nil,
            rasterLayers: shownLayers.compactMap { layer, source in
                let metadata = source.metadata
                // Far above its levels a map would need thousands of tiles, for a smudge: the base map shows instead.
                guard camera.zoom >= Double(metadata.minZoom) - 1 else { return nil }
                return MapRasterLayer(id: layer.id, source: source, minZoom: metadata.minZoom, maxZoom: metadata.maxZoom, bounds: metadata.bounds)
            },
            attributions: shownLayers.map { $0.1.metadata.attribution }.filter { !$0.isEmpty },
            layerRows: layers.layers.map(MapLayerRow.init), online: layers.online, onlineProblem: onlineProblem
        ))
    }
}
