import Foundation
import Multicast

/// The Map tab's view-model: turns clicks, drags and scrolls into camera moves and selections, and
/// publishes the markers and clusters the canvas draws.
///
/// Seed rule: a tap changes only the model (`tappedOn(placeId:)` sets `selectedItem`); the map's own
/// highlight and camera move happen in `didSelectItem`, which every tab receives alike.
@MainActor
public final class MapViewModel: PlacesModelDelegate {
    /// Zoom a selection brings the camera to at least (city level).
    public static let selectionZoom = 8.0
    /// How far from a marker's centre a click still hits it, in pixels.
    public static let hitRadius = 12.0

    /// What the canvas draws; replays the latest to a new subscriber.
    public let state = Publink<MapState>(replaysLast: true)
    /// Called when the camera comes to rest (after an animation, a drag, a zoom or a resize).
    public var onCameraSettled: ((Camera) -> Void)?

    /// The current view of the world.
    public private(set) var camera: Camera
    /// Pixels at the bottom of the canvas hidden by an overlaid card (0 when the card is beside the map).
    public var coveredBottom = 0.0

    private let model: PlacesModel
    private var points: [WorldPoint] = []
    private var index = SpatialIndex([])
    private var clusterer: MarkerClusterer
    private var markers: [MapMarker] = []
    private var baseCities = BaseMapCities([])
    /// Places drawn as markers of their own (not inside a cluster), which a click can hit.
    private var shownAlone: Set<Int> = []
    private var animation: CameraAnimation?
    private var animationStart: Double?
    private var dragOrigin: Camera?
    private var dragMoved = false
    private var cameraWasMoved = false

    /// Subscribes to `model` and shows all its places.
    public init(model: PlacesModel, viewport: ScreenSize = ScreenSize(width: 0, height: 0)) {
        self.model = model
        camera = Camera(center: Coordinate(latitude: 20, longitude: 0), zoom: 1, viewport: viewport)
        clusterer = MarkerClusterer([])
        model.delegates += self
        rebuildIndex()
    }

    /// Whether a camera animation is running (the view then asks for frames).
    public var isAnimating: Bool { animation != nil }

    // MARK: Input from the view

    /// A click at `point`: selects the marker there, zooms into a cluster, or clears the selection.
    public func tappedOn(point: ScreenPoint) {
        if dragMoved { return }
        switch hit(at: point) {
        case .place(let index, _)?: tappedOn(placeId: model.places[index].id)
        case .cluster(_, _, let bounds)?: animate(to: clusterer.zoomToExpand(bounds, camera: camera))
        case nil: model.selectedItem = nil
        }
    }

    /// A marker of `id` was chosen (seed: `tappedOn(placeId:)` -> `broadcastSelectedItem`).
    public func tappedOn(placeId id: Place.ID) {
        model.selectedItem = id
    }

    /// The marker (place or cluster) drawn nearest to `point`, within `hitRadius` (plus a cluster's size).
    /// Places are found with the spatial index; the few clusters on screen are checked one by one.
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
        if let nearest = index.nearest(to: camera.worldPoint(at: point), within: reach), shownAlone.contains(nearest) {
            consider(.place(index: nearest, at: camera.screenPoint(for: points[nearest])), within: Self.hitRadius)
        } else {
            // The nearest place hides in a cluster (or nothing is near): another one drawn alone may still be in reach.
            for marker in markers where marker.count == 1 { consider(marker, within: Self.hitRadius) }
        }
        return best?.marker
    }

    /// Where the canvas's top-left corner is in its window (reported in diagnostics only).
    public private(set) var canvasOrigin = ScreenPoint(x: 0, y: 0)

    /// The canvas was resized (and is at `origin` in its window).
    public func resize(to size: ScreenSize, origin: ScreenPoint = ScreenPoint(x: 0, y: 0)) {
        let moved = origin != canvasOrigin
        canvasOrigin = origin
        guard size != camera.viewport, size.width > 0, size.height > 0 else {
            if moved { onCameraSettled?(camera) }
            return
        }
        camera = camera.resized(to: size)
        if let animation {
            self.animation = CameraAnimation(from: animation.from.resized(to: size), to: animation.to.resized(to: size), duration: animation.duration)
        }
        if !cameraWasMoved { camera = overview(in: size) }
        publish()
        if animation == nil { onCameraSettled?(camera) }
    }

    /// Names the most populous of `cities` on the base map when zoomed in (sorted most populous first).
    public func setBaseCities(_ cities: [City]) {
        baseCities = BaseMapCities(cities)
        publish()
    }

    /// Shows `center` at `zoom` at once (command-line `--camera`, benchmarks).
    public func setCamera(center: Coordinate, zoom: Double) {
        animation = nil
        cameraWasMoved = true
        camera = Camera(center: center, zoom: zoom, viewport: camera.viewport)
        publish()
        onCameraSettled?(camera)
    }

    /// Pans by a number of pixels without settling (benchmarks move the map every frame).
    public func pan(byPixels dx: Double, _ dy: Double) {
        cameraWasMoved = true
        camera = camera.panned(byX: dx, y: dy)
        publish()
    }

    /// A drag started.
    public func dragBegan() {
        dragOrigin = camera
        dragMoved = false
        animation = nil
    }

    /// The pointer moved `dx`, `dy` pixels since the drag started; the map follows it.
    public func dragged(byX dx: Double, y dy: Double) {
        guard let origin = dragOrigin else { return }
        if !dragMoved, (dx * dx + dy * dy).squareRoot() < 4 { return }
        dragMoved = true
        cameraWasMoved = true
        camera = origin.panned(byX: dx, y: dy)
        publish()
    }

    /// The drag ended.
    public func dragEnded() {
        let moved = dragMoved
        dragOrigin = nil
        if moved { onCameraSettled?(camera) }
    }

    /// A press began (resets the drag guard that keeps a drag from also counting as a click).
    public func pressBegan() { dragMoved = false }

    /// Zooms by `delta` levels keeping the world point under `point` in place (scroll wheel).
    public func zoom(by delta: Double, around point: ScreenPoint) {
        animation = nil
        cameraWasMoved = true
        camera = camera.zoomed(by: delta, around: point)
        publish()
        onCameraSettled?(camera)
    }

    /// Zooms by `delta` levels around the centre (buttons, `+`/`-`).
    public func zoom(by delta: Double) {
        zoom(by: delta, around: camera.viewport.center)
    }

    /// A double click: zooms in one level around `point`.
    public func doubleTapped(at point: ScreenPoint) {
        animate(to: camera.zoomed(by: 1, around: point))
    }

    /// Pans by a fraction of the viewport (arrow keys): `dx`, `dy` in -1...1.
    public func pan(byViewportFraction dx: Double, _ dy: Double) {
        animation = nil
        cameraWasMoved = true
        camera = camera.panned(byX: -dx * camera.viewport.width / 4, y: -dy * camera.viewport.height / 4)
        publish()
        onCameraSettled?(camera)
    }

    /// Advances a running animation to frame time `time` (seconds, any origin); returns whether it goes on.
    @discardableResult
    public func advanceAnimation(to time: Double) -> Bool {
        guard let animation else { return false }
        let start = animationStart ?? time
        animationStart = start
        camera = animation.camera(at: time - start)
        if animation.isFinished(at: time - start) {
            self.animation = nil
            animationStart = nil
            publish()
            onCameraSettled?(camera)
            return false
        }
        publish()
        return true
    }

    // MARK: PlacesModelDelegate

    public func didChange(places: [Place]) {
        let isSized = camera.viewport.width > 0
        if !cameraWasMoved, isSized { camera = overview(in: camera.viewport) }
        rebuildIndex()
        if isSized { onCameraSettled?(camera) }
    }

    public func didSelectItem(_ id: Place.ID?) {
        if let id, let coordinate = model.getCoordinates(of: id) {
            let visible = (x: 0.0, y: 0.0, width: camera.viewport.width, height: max(1, camera.viewport.height - coveredBottom))
            animate(to: camera.centering(coordinate, inVisibleArea: visible, minimumZoom: Self.selectionZoom))
        } else {
            publish()
        }
    }

    // MARK: Private

    /// The first view: every place, but never smaller than the world filling the canvas's width.
    private func overview(in size: ScreenSize) -> Camera {
        let fitted = Camera.fitting(model.places.map(\.coordinate), viewport: size, padding: 32, maximumZoom: 4)
        let fillWidth = log2(max(1, size.width / WebMercator.tileSize))
        return Camera(center: fitted.center, zoom: max(fitted.zoom, fillWidth), viewport: size)
    }

    private func animate(to target: Camera) {
        cameraWasMoved = true
        animation = CameraAnimation(from: camera, to: target)
        animationStart = nil
        publish()
    }

    private func rebuildIndex() {
        points = model.places.map { WebMercator.project($0.coordinate) }
        index = SpatialIndex(points)
        clusterer = MarkerClusterer(points)
        publish()
    }

    private func publish() {
        let selectedIndex = model.selectedItem.flatMap(model.findArrayIndex(by:))
        markers = clusterer.markers(for: camera, exclude: selectedIndex)
        shownAlone = Set(markers.compactMap { if case .place(let index, _) = $0 { index } else { nil } })
        let (items, occupied) = MapMarkerLabeller.items(for: markers, places: model.places, selectedIndex: selectedIndex, zoom: camera.zoom)
        state.publish(MapState(
            camera: camera, markers: items, selectedID: model.selectedItem,
            cityLabels: baseCities.labels(for: camera, avoiding: occupied)
        ))
    }
}
