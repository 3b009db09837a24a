/// The map's camera and how it moves: at once (keys, the wheel), gliding (a selection, a fit), or
/// following a drag; and fits asked for before the map has a size, made once it has one. Until the
/// person (or a selection) moves it, the camera keeps every place in view.
struct CameraMotion {
    private(set) var camera: Camera
    private(set) var animation: CameraAnimation?
    private var animationStart: Double?
    /// The camera when a drag of the map began, nil while none is under way.
    private var dragOrigin: Camera?
    /// Whether the pointer moved since the button went down: the release is then no click.
    private(set) var dragMoved = false
    /// Whether the current (or last) drag moved the map.
    private(set) var dragPanned = false
    private(set) var wasMoved = false
    private var pendingFit: [Coordinate]?
    private var pendingArea: (area: WorldRect, maximumZoom: Double)?

    init(_ camera: Camera) {
        self.camera = camera
    }

    var isAnimating: Bool { animation != nil }
    var isDragging: Bool { dragOrigin != nil }
    private var hasSize: Bool { camera.viewport.width > 0 && camera.viewport.height > 0 }

    /// Takes the canvas's new `size`: the `overview` while nothing moved the camera, and any fit
    /// waiting for a size. False when nothing changed.
    mutating func resize(to size: ScreenSize, overview: (ScreenSize) -> Camera) -> Bool {
        guard size != camera.viewport, size.width > 0, size.height > 0 else { return false }
        camera = wasMoved ? camera.resized(to: size) : overview(size)
        if let animation {
            self.animation = CameraAnimation(from: animation.from.resized(to: size), to: animation.to.resized(to: size), duration: animation.duration)
        }
        if let pending = pendingArea {
            pendingArea = nil
            wasMoved = true
            camera = Camera.fitting(pending.area, viewport: size, padding: 24, maximumZoom: pending.maximumZoom)
        }
        if let coordinates = pendingFit {
            pendingFit = nil
            wasMoved = true
            camera = Camera.fitting(coordinates, viewport: size, padding: 48, maximumZoom: MapViewModel.selectionZoom + 6)
        }
        return true
    }

    /// The places changed: the overview follows them while nothing moved the camera.
    mutating func placesChanged(overview: (ScreenSize) -> Camera) {
        if !wasMoved, camera.viewport.width > 0 { camera = overview(camera.viewport) }
    }

    /// Moves at once, stopping any glide.
    mutating func move(to target: Camera) {
        animation = nil
        wasMoved = true
        camera = target
    }

    mutating func glide(to target: Camera) {
        wasMoved = true
        animation = CameraAnimation(from: camera, to: target)
        animationStart = nil
    }

    /// Glides to show every one of `coordinates` (none: stays), once the map has a size.
    mutating func glide(toShow coordinates: [Coordinate]) {
        guard !coordinates.isEmpty else { return }
        guard hasSize else { return pendingFit = coordinates }
        glide(to: Camera.fitting(coordinates, viewport: camera.viewport, padding: 48, maximumZoom: MapViewModel.selectionZoom + 6))
    }

    /// Glides to show `area`, zooming in at most to `maximumZoom`, once the map has a size.
    mutating func glide(toShow area: WorldRect, maximumZoom: Double) {
        guard hasSize else { return pendingArea = (area, maximumZoom) }
        glide(to: Camera.fitting(area, viewport: camera.viewport, padding: 24, maximumZoom: maximumZoom))
    }

    /// The glide's camera at `time` seconds (the first frame's time is its start). False without a glide.
    mutating func advance(to time: Double) -> Bool {
        guard let animation else { return false }
        let start = animationStart ?? time
        animationStart = start
        camera = animation.camera(at: time - start)
        if animation.isFinished(at: time - start) {
            self.animation = nil
            animationStart = nil
        }
        return true
    }

    /// A button went down: what follows is a click or the start of a drag.
    mutating func press() {
        dragMoved = false
    }

    /// A drag of the map begins (`ofMap` false: of something on it, such as the edited place).
    mutating func beginDrag(ofMap: Bool) {
        dragMoved = false
        dragPanned = false
        animation = nil
        if ofMap { dragOrigin = camera }
    }

    /// The pointer is `dx`, `dy` from where a drag of the map began; it moves once it has gone 4 pixels.
    /// False when the camera did not move.
    mutating func drag(byX dx: Double, y dy: Double) -> Bool {
        guard let origin = dragOrigin else { return false }
        if !dragMoved, (dx * dx + dy * dy).squareRoot() < 4 { return false }
        dragMoved = true
        // A map held at its edge (the poles at world zoom) does not move: nothing to paint anew.
        let panned = origin.panned(byX: dx, y: dy)
        guard panned != camera else { return false }
        wasMoved = true
        dragPanned = true
        camera = panned
        return true
    }

    /// Something other than the map was dragged: the release is no click.
    mutating func draggedOther() {
        dragMoved = true
    }

    mutating func endDrag() {
        dragOrigin = nil
    }
}
