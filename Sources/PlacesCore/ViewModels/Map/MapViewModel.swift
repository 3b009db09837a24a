import Foundation
import Multicast

/// The Map tab's view-model: turns the canvas's input into camera moves and selections, and publishes
/// the markers, clusters, names, lines and map layers the canvas draws.
///
/// A tap changes only the model (it selects a place); the highlight and the camera's glide to the
/// place happen in `placesDidChange`, which every tab receives alike: a view-model changes what it
/// shows only when the model says so, including after its own request.
///
/// While a place is edited, the map follows its `PlaceDraft` as well: the place is drawn where the
/// editor would save it, and dragging its marker moves the draft.
@MainActor
public final class MapViewModel: PlacesModelDelegate, MapLayersModelDelegate, PlaceDraftDelegate, ProfileModelDelegate {
    /// What the canvas (and the coordinator) tell the view-model.
    public enum Input: Sendable {
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
        /// The wheel turned by `steps` notches (positive: towards the person; a touchpad gives fractions)
        /// over `at`: each notch is one zoom level.
        case scrolled(steps: Double, at: ScreenPoint)
        /// The person closed the hint beyond the world map's detail.
        case closeDetailHint
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
        /// "What's Here?" from the context menu opened at this point: a pin there, with the nearest town.
        case whatsHere(at: ScreenPoint)
        /// A pin at the point a link names (`geo:`, a web map link), with its card, at the zoom it asks.
        case showPoint(LocationLink)
        /// Follow this draft while the editor is up (nil: editing ended).
        case edit(PlaceDraft?)
        /// Show only the places of a list section (titled `title`), fitted into view; nil: every place.
        case showAlone(PlaceSection?, title: String)
        /// Glide to the places of a list section, all in view (after an import: its Show button).
        case fit(PlaceSection)
        /// The legend's button.
        case toggleLegend
        /// The person chose a place from the chooser of places at one spot (nil: closed it).
        case choose(Place.ID?)
        /// Glide to show `area` (a map file just opened), zooming in at most to `maximumZoom`.
        case fitArea(WorldRect, maximumZoom: Double)
    }

    /// Zoom a selection brings the camera to at least (city level).
    public nonisolated static let selectionZoom = 8.0
    /// How far from a marker's centre a click still hits it, in pixels.
    public static let hitRadius = 12.0
    /// Narrowest map on which the legend starts open.
    static let openLegendWidth = 560.0
    /// From this many places on, `index` is rebuilt off the main thread.
    private static let rebuildElsewhereFrom = 50_000
    /// The deepest zoom the world map has detail for (Natural Earth at 1:10 million): deeper, with no
    /// map shown that goes further, the hint offers Online Tiles and map files.
    static let worldMapDetailZoom = 10.0
    /// How many of a cluster's places a screen reader hears by name.
    static let clusterNamesSpoken = 3
    /// The most places the chooser of places at one spot lists.
    public static let chooserLimit = 8

    public let state = Publink<MapState>(replaysLast: true)
    public weak var coordinator: (any AppCoordinating)?
    public var camera: Camera { motion.camera }

    private let model: PlacesModel
    private let layers: MapLayersModel
    private let profile: ProfileModel
    private let numbers: LocalizedNumbers
    /// The person closed the hint beyond the world map's detail: it stays closed until they zoom out.
    private var isDetailHintClosed = false
    private let pacer: any FramePacing
    private var index = LivePlaceIndex()
    /// A large index's snapshots, built off the main thread: a second after places last changed, the
    /// places still set aside (too few for a snapshot by `LivePlaceIndex`'s rule while a file pours
    /// in) go into snapshots too; otherwise every frame places them one by one, a third of a
    /// world-zoom drag's marker work with a million places.
    private var snapshots: SnapshotSchedule<LivePlaceIndex.Plan, LivePlaceIndex.Snapshot>!
    /// What encloses every place, for the overview.
    private var placesBounds: WorldRect?
    /// Paces publishing places only added: a file being read adds a portion every frame, and placing
    /// the markers again for each took a good part of the frame (every 100 ms, still 19% of the main
    /// thread's time importing a million places). Whatever else publishes meanwhile shows them too.
    private lazy var additions = Throttle(interval: .milliseconds(250)) { [weak self] in _ = await self?.pacer.nextFrame() }
    private var alone: AloneSection?
    /// The index the map draws and hit-tests: the section shown alone, or every place.
    private var shownIndex: LivePlaceIndex { alone?.index ?? index }
    private var legend = LegendCounts()
    /// The places at one spot the person is choosing from.
    private var chooser: MapChooser?
    /// Whether the person opened (true) or folded (false) the legend; nil: open in windows wide enough.
    private var legendChoice: Bool?
    private var isLegendOpen: Bool { legendChoice ?? (camera.viewport.width >= Self.openLegendWidth) }
    private var shown = ShownMarkers()
    private var baseCities = BaseMapCities([])
    private let streetLabels = StreetLabels()
    private var shapes = MapShapes()
    private var motion = CameraMotion(Camera(center: Coordinate(latitude: 20, longitude: 0), zoom: 1, viewport: ScreenSize(width: 0, height: 0)))
    private var draft: PlaceDraft?
    /// Where the edited place was when a drag of it began, nil while no such drag is under way.
    private var draftDragOrigin: ScreenPoint?

    /// Subscribes to `model` and shows all its places, over the base map and the maps of `layers`;
    /// long work waits for the window's frames (`pacer`); `clock` times the wait for places to
    /// stop changing.
    public init(
        model: PlacesModel, layers: MapLayersModel = MapLayersModel(), profile: ProfileModel = ProfileModel(), pacer: any FramePacing = Unpaced(),
        locale: Locale = .current, clock: AppClock = .continuous
    ) {
        self.model = model
        self.layers = layers
        self.profile = profile
        self.pacer = pacer
        numbers = LocalizedNumbers(locale: locale)
        snapshots = SnapshotSchedule(pacer: pacer, clock: clock, plan: { [unowned self] isQuiet in
            guard index.rebuildsElsewhere else { return nil }
            return isQuiet ? index.planTidying() : index.planSnapshot()
        }, build: LivePlaceIndex.Snapshot.init, install: { [unowned self] snapshot in
            SnapshotBuilder.discard(index.install(snapshot))
            // The same places, clustered from the snapshot: shown with the next additions (while a
            // file pours in, a snapshot is put in place every few thousand places, and each placed
            // every marker again at once).
            additions.request { [weak self] in self?.publish() }
        })
        model.delegates += self
        layers.delegates += self
        profile.delegates += self
        var points: [WorldPoint] = []
        points.reserveCapacity(model.places.slotCount)
        for slot in 0..<model.places.slotCount {
            points.append((model.places[slot]?.coordinate).map(WebMercator.project) ?? WorldPoint(x: .nan, y: .nan))
            legend.note(slot: slot, category: model.places[slot]?.category, room: model.places.slotCapacity)
        }
        index = LivePlaceIndex(points)
        placesBounds = WorldRect(enclosing: points)
        shapes.update(from: model, changed: Set(model.shapes.keys))
        streetLabels.onArrival = { [weak self] in self?.publish() }
        publish()
    }

    public func send(_ input: Input) {
        switch input {
        case .resized(let size): if motion.resize(to: size, overview: overview) { publish() }
        case .pressed: motion.press()
        case .tapped(let point): tapped(at: point)
        case .doubleTapped(let point): glide(to: camera.zoomed(by: 1, around: point))
        case .dragBegan(let point): beginDrag(at: point)
        case .dragged(let dx, let dy):
            if let origin = draftDragOrigin { dragDraft(from: origin, byX: dx, y: dy) } else if motion.drag(byX: dx, y: dy) { publish() }
        case .dragEnded:
            motion.endDrag()
            // A drag that moved nothing leaves the map as it was, at rest: nothing to paint anew (unless a
            // state published meanwhile, by a scroll or a file, says it is being dragged).
            guard motion.dragPanned || draftDragOrigin != nil || state.latest?.isDragging == true else { return }
            draftDragOrigin = nil
            publish()
        case .scrolled(let steps, let point): move(to: camera.zoomed(by: -steps, around: point))
        case .closeDetailHint:
            isDetailHintClosed = true
            publish()
        case .zoom(let levels): move(to: camera.zoomed(by: levels, around: camera.viewport.center))
        case .pan(let x, let y): move(to: camera.panned(byX: -x * camera.viewport.width / 4, y: -y * camera.viewport.height / 4))
        case .frame(let time): if motion.advance(to: time) { publish() }
        case .show(let center, let zoom): move(to: Camera(center: center, zoom: zoom, viewport: camera.viewport))
        case .activated(let item): activate(item)
        case .addPlace(let point): coordinator?.handle(.newPlace(at: camera.coordinate(at: point).roundedToCentimetres))
        case .whatsHere(let point):
            let found = FoundPlace.point(LocationLink(coordinate: camera.coordinate(at: point).roundedToCentimetres, form: .coordinates))
            model.show(found: found.place(numbers: numbers), from: found)
        case .showPoint(let link):
            let found = FoundPlace.point(link)
            model.show(found: found.place(numbers: numbers), from: found)
            if let zoom = link.zoom { glide(to: camera.centering(link.coordinate, inVisibleArea: (0, 0, camera.viewport.width, camera.viewport.height), minimumZoom: zoom)) }
        case .edit(let draft): follow(draft)
        case .showAlone(let section, let title): showAlone(section, title: title)
        case .choose(let id):
            chooser = nil
            if let id { model.select(id) } else { publish() }
        case .toggleLegend:
            legendChoice = !isLegendOpen
            publish()
        case .fit(let section):
            let shapePoints = if case .source(let id) = section { (model.shapes[id] ?? []).flatMap { $0.parts.flatMap { $0 } } } else { [Coordinate]() }
            motion.glide(toShow: Array(model.places.lazy.filter(model.isMember(of: section)).map(\.coordinate)) + shapePoints)
            publish()
        case .baseCities(let cities):
            baseCities = BaseMapCities(cities)
            publish()
        case .fitArea(let area, let maximumZoom):
            motion.glide(toShow: area, maximumZoom: maximumZoom)
            publish()
        }
    }

    /// The marker (place or cluster) drawn nearest to `point`, within `hitRadius` (plus a cluster's size).
    public func hit(at point: ScreenPoint) -> MapMarker? {
        shown.hit(at: point, within: Self.hitRadius, camera: camera, index: shownIndex)
    }

    public func placesDidChange(_ change: PlacesChange) {
        let aloneMembersChanged = alone?.membersChanged(by: change) ?? false
        if change.placesChanged {
            // Apart by construction: an addition stays one, and an emptied slot is not reused in its transaction.
            let slots = Array(change.removed.keys) + Array(change.added) + Array(change.updated)
            let places = model.places
            let points = slots.map { slot in places.read(slot) { WebMercator.project($0.coordinate) } }
            index.rebuildsElsewhere = index.points.count >= Self.rebuildElsewhereFrom
            index.makeRoom(forSlots: model.places.slotCapacity)
            index.update(zip(slots, points).lazy.map { (slot: $0, point: $1) })
            snapshots.indexChanged(waitsForQuiet: index.rebuildsElsewhere)
            for slot in slots { legend.note(slot: slot, category: places.read(slot) { $0.category }, room: places.slotCapacity) }
            // Places only added (a file, or a portion of one being read) widen the bounds; others recompute them.
            if change.removed.isEmpty, change.updated.isEmpty, let bounds = placesBounds {
                placesBounds = WorldRect(enclosing: points.compactMap { $0 } + [WorldPoint(x: bounds.minX, y: bounds.minY), WorldPoint(x: bounds.maxX, y: bounds.maxY)])
            } else {
                placesBounds = WorldRect(enclosing: index.points)
            }
            if !aloneMembersChanged { alone?.update(slots, in: model) }
            motion.placesChanged(overview: overview)
        }
        if aloneMembersChanged, let section = alone { alone = AloneSection(section.section, title: section.title, in: model) }
        let shapesChanged = !change.shapesChanged.isEmpty || change.sourcesChanged
        if shapesChanged { shapes.update(from: model, changed: change.shapesChanged) }
        if change.selectionChanged { shapes.select(model.selectedItem) }
        if change.selectionChanged, let selected = model.selectedPlace {
            glide(to: camera.centering(selected.coordinate, inVisibleArea: (0, 0, camera.viewport.width, camera.viewport.height), minimumZoom: Self.selectionZoom))
        } else if change.placesChanged || change.selectionChanged || aloneMembersChanged || change.favouritesChanged || shapesChanged
                    || change.foundChanged {
            let onlyAdded = change.removed.isEmpty && change.updated.isEmpty && !change.selectionChanged && !aloneMembersChanged
                && !change.favouritesChanged && !shapesChanged
            if onlyAdded { additions.request { [weak self] in self?.publish() } } else { publish() }
        }
    }

    public func mapLayersDidChange(_ change: MapLayersChange) {
        publish()
    }

    public func placeDraftDidChange(moved: Bool) {
        guard let draft else { return }
        if moved, let drawn = draftPosition, !isInView(drawn) {
            glide(to: camera.centering(draft.place.coordinate, inVisibleArea: (0, 0, camera.viewport.width, camera.viewport.height),
                                         minimumZoom: camera.zoom))
        } else {
            publish()
        }
    }

    // MARK: Pointer

    private func tapped(at point: ScreenPoint) {
        guard !motion.dragMoved else { return }
        chooser = nil
        // The open legend is drawn over the markers: a tap on it is on the legend.
        if let panel = currentLegend.panel, panel.overlaps(LabelBox(minX: point.x, minY: point.y, maxX: point.x + 0.5, maxY: point.y + 0.5)) {
            return publish()
        }
        // The found place's marker is drawn over the others: a tap on it keeps it.
        if let found = model.found, camera.screenPoint(for: found.place.coordinate).distance(to: point) <= Self.hitRadius { return }
        switch hit(at: point) {
        case .place(let slot, let at)?: open(slot: slot, at: at)
        case .cluster(_, let at, let bounds)?: expand(bounds, at: at)
        case nil:
            if let feature = streetLabels.pointOfInterest(at: point) { return show(feature) }
            model.select(shapes.hit(at: point, camera: camera, showing: alone?.shapes ?? .all))
        }
    }

    /// A vector map's point of interest, shown as a found place: its pin and its card.
    private func show(_ feature: StreetFeature) {
        let found = FoundPlace.mapFeature(feature)
        model.show(found: found.place(numbers: numbers), from: found)
    }

    private func activate(_ item: MapMarkerItem) {
        switch item.kind {
        case .place(let id, _, _):
            if let slot = model.places.slot(of: id) { open(slot: slot, at: item.position) } else { model.select(id) }
        case .cluster:
            if case .cluster(_, let at, let bounds)? = shown.cluster(at: item.position) { expand(bounds, at: at) }
        case .pointOfInterest(let feature): show(feature)
        }
    }

    /// Zooms in on a cluster; places that would still be drawn as one at the deepest zoom (at one
    /// spot, say a café imported on a capital's marker) are listed in a chooser instead.
    private func expand(_ bounds: WorldRect, at point: ScreenPoint) {
        let apart = max(bounds.maxX - bounds.minX, bounds.maxY - bounds.minY) * Camera.worldPixelSize(atZoom: Camera.maxZoom)
        guard apart < 2 * MapMarkerStyle.placeRadius || camera.zoom >= Camera.maxZoom - 0.01 else {
            return glide(to: MarkerClusterer.zoomToExpand(bounds, camera: camera))
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
        let origins = Dictionary(model.sources.map { ($0.id, $0.origin) }, uniquingKeysWith: { first, _ in first })
        // A spot can hold a whole file's places: the menu lists the first added and counts the rest.
        let entries = slots.prefix(Self.chooserLimit).compactMap { model.places[$0] }.map {
            MapChooser.Entry(id: $0.id, name: $0.shownName, kind: $0.category.displayName, origin: origins[$0.source] ?? nil)
        }
        let more = slots.count - entries.count
        chooser = MapChooser(
            position: point, entries: entries.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending },
            more: more > 0 ? trPlural("and {count} more place here", "and {count} more places here", count: more, ["count": numbers.count(more)]) : nil
        )
        publish()
    }

    private func beginDrag(at point: ScreenPoint) {
        let onDraft = draftPosition.map { $0.distance(to: point) <= Self.hitRadius } ?? false
        motion.beginDrag(ofMap: !onDraft)
        if onDraft { draftDragOrigin = draftPosition }
    }

    // MARK: Camera

    /// Moves the camera at once (stopping any glide).
    private func move(to target: Camera) {
        motion.move(to: target)
        publish()
    }

    private func glide(to target: Camera) {
        motion.glide(to: target)
        publish()
    }

    /// The first view: every place, but never smaller than the world filling the canvas's width.
    private func overview(_ size: ScreenSize) -> Camera {
        let fitted = placesBounds.map { Camera.fitting($0, viewport: size, padding: 32, maximumZoom: 4) }
            ?? Camera.fitting([], viewport: size, padding: 32, maximumZoom: 4)
        let fillWidth = log2(max(1, size.width / WebMercator.tileSize))
        return Camera(center: fitted.center, zoom: max(fitted.zoom, fillWidth), viewport: size)
    }

    private func showAlone(_ section: PlaceSection?, title: String) {
        guard let section else {
            alone = nil
            return publish()
        }
        let shown = AloneSection(section, title: title, in: model)
        alone = shown
        motion.glide(toShow: shown.coordinates(in: model))
        publish()
    }

    // MARK: Editing

    private func follow(_ draft: PlaceDraft?) {
        guard draft !== self.draft else { return }
        self.draft?.delegates.remove(self)
        self.draft = draft
        draftDragOrigin = nil
        draft?.delegates += self
        publish()
    }

    private var currentLegend: MapLegend {
        MapLegend(kinds: legend.kinds, hasFavourites: !model.favourites.isEmpty, isOpen: isLegendOpen)
    }

    /// Whether a place marker among `markers` (those on screen) has its file's colour.
    private func hasFileColours(_ markers: [MapMarker]) -> Bool {
        markers.contains { marker in
            guard case .place(let slot, _) = marker, let place = model.places[slot], place.source != PlaceSource.bundledID else { return false }
            return FileColour.of(place.properties) != nil
        }
    }

    /// Whether the view is deeper than the world map has detail for, with no map shown that goes
    /// further where it looks (a map file's levels, or online tiles).
    private func isBeyondDetail(showing sources: [any RasterTileSource]) -> Bool {
        guard camera.zoom >= Self.worldMapDetailZoom else {
            isDetailHintClosed = false
            return false
        }
        let visible = camera.visibleWorldRect
        let covered = sources.contains { source in
            let metadata = source.metadata
            return camera.zoom < Double(metadata.deepestZoom) + 1.5 && metadata.bounds.intersects(visible)
        }
        return !covered && !isDetailHintClosed
    }

    public func profileDidChange(_ change: ProfileChange) {
        if change.distanceUnitChanged { publish() }
    }

    /// Where the edited place is drawn now.
    private var draftPosition: ScreenPoint? { draft.map { camera.screenPoint(for: $0.place.coordinate) } }

    private func dragDraft(from origin: ScreenPoint, byX dx: Double, y dy: Double) {
        motion.draggedOther()
        let point = ScreenPoint(x: min(max(origin.x + dx, 0), camera.viewport.width), y: min(max(origin.y + dy, 0), camera.viewport.height))
        draft?.move(to: camera.coordinate(at: point).roundedToCentimetres)  // drawn there when the draft says it moved
    }

    private func isInView(_ point: ScreenPoint) -> Bool {
        point.x >= 0 && point.y >= 0 && point.x <= camera.viewport.width && point.y <= camera.viewport.height
    }

    // MARK: Publishing

    private func publish() {
        additions.ran()
        let selectedSlot = model.selectedItem.flatMap(model.places.slot(of:))
        shown = ShownMarkers(shownIndex.markers(for: camera, exclude: selectedSlot))
        var legend = currentLegend
        legend.hasFileColours = hasFileColours(shown.markers)
        let settled = !motion.isAnimating && !motion.isDragging
        // Names keep clear of what is drawn over the map: the legend, the buttons, the edited place, the found place.
        let draftBoxes = draft.flatMap { draft in
            draftPosition.map { [LabelBox.marker(at: $0, radius: 10), LabelBox.label(draft.place.name.clipped(to: Place.shownNameLimit), at: $0)] }
        } ?? []
        let found = model.found.map { (place: $0.place, position: camera.screenPoint(for: $0.place.coordinate)) }
        let foundBoxes = found.map { [LabelBox.marker(at: $0.position, radius: 10), LabelBox.label($0.place.shownName, at: $0.position)] } ?? []
        let reserved = (legend.panel.map { [$0] } ?? []) + [MapLegend.button, MapControls.box(in: camera.viewport)] + draftBoxes + foundBoxes
        var (items, occupied) = MapMarkerLabeller.items(
            for: shown.markers, places: model.places, selectedSlot: selectedSlot, favourites: model.favourites, zoom: camera.zoom,
            reserved: reserved, spokenCount: { [numbers] count in settled ? numbers.count(count) : nil }
        ) { [shownIndex, camera, model] bounds, at in
            // Named for a screen reader once the map is at rest: not every frame of a glide.
            guard settled else { return [] }
            return shownIndex.nearest(Self.clusterNamesSpoken, to: camera.worldPoint(at: at), inside: bounds).compactMap { model.places[$0]?.shownName }
        }
        if let found {
            // A place found beyond the library (a town, a point) has a marker of its own while it is selected.
            items.append(MapMarkerItem(kind: .place(id: found.place.id, category: found.place.category, isSelected: true),
                                       position: found.position, label: found.place.shownName, name: found.place.shownName))
        }
        var draftMarker: MapDraftMarker?
        if let draft, let position = draftPosition {
            // The edited place is drawn as the draft, not where the model still has it.
            items.removeAll { if case .place(let id, _, _) = $0.kind { id == draft.place.id } else { false } }
            draftMarker = MapDraftMarker(position: position, category: draft.place.category,
                                         label: draft.place.name.clipped(to: Place.shownNameLimit), isDragged: draftDragOrigin != nil)
        }
        let shownLayers = layers.layers.compactMap { layer in layer.isShown ? layer.source.map { (layer, $0) } : nil }
        let cityLabels = baseCities.labels(for: camera, avoiding: occupied)
        let cityBoxes = cityLabels.flatMap { [LabelBox.label($0.name, at: $0.position, characterWidth: 6.5), LabelBox.marker(at: $0.position, radius: 3)] }
        state.publish(MapState(
            camera: camera, shapes: shapes.visible(in: camera, showing: alone?.shapes ?? .all),
            markers: items, selectedID: model.selectedItem, draft: draftMarker, shownAlone: alone?.title,
            cityLabels: cityLabels,
            streetLabels: streetLabels.labels(for: camera, sources: shownLayers.map(\.1), avoiding: occupied + cityBoxes,
                                              dragged: motion.isDragging),
            legend: legend, chooser: chooser,
            isAnimating: motion.isAnimating, isDragging: motion.isDragging,
            rasterLayers: shownLayers.compactMap { layer, source in
                let metadata = source.metadata
                // Far above its levels a map would need thousands of tiles, for a smudge: the base map shows instead.
                guard camera.zoom >= Double(metadata.minZoom) - 1 else { return nil }
                return MapRasterLayer(id: layer.id, source: source, minZoom: metadata.minZoom, maxZoom: metadata.deepestZoom, bounds: metadata.bounds)
            },
            attributions: shownLayers.map { $0.1.metadata.attribution }.filter { !$0.isEmpty },
            scale: MapScale.at(camera, unit: profile.distanceUnit, numbers: numbers), isBeyondDetail: isBeyondDetail(showing: shownLayers.map(\.1))
        ))
    }
}
