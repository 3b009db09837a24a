import CGtk
import Multicast
import PlacesCore

/// The Map tab: a `GtkDrawingArea` drawn by `MapRenderer`, with zoom buttons overlaid. Clicks, drags,
/// scrolls and keys go to `MapViewModel`; camera animations run on the widget's frame clock.
@MainActor
final class MapCanvas {
    let root: OpaquePointer
    let area: UnsafeMutablePointer<GtkDrawingArea>
    private let viewModel: MapViewModel
    private var renderer: MapRenderer
    private var state: MapState?
    private var subscription: Subscription?
    private var pointer = ScreenPoint(x: 0, y: 0)
    private var isTicking = false
    private var isDrawing = false
    /// Hears how long each frame's drawing took, in milliseconds (benchmarks).
    var onDrawTimed: ((Double) -> Void)?
    /// Called once, after the first frame that shows places.
    var onFirstFrameWithPlaces: ((Int) -> Void)?

    init(viewModel: MapViewModel, worldMap: WorldMap) {
        self.viewModel = viewModel
        renderer = MapRenderer(worldMap: worldMap)
        area = gtk_drawing_area_new()!.cast(gtk_drawing_area_get_type())
        gtk_widget_set_hexpand(area.widget, 1)
        gtk_widget_set_vexpand(area.widget, 1)
        gtk_widget_set_focusable(area.widget, 1)
        gtk_widget_set_can_focus(area.widget, 1)
        Widget.setAccessibleLabel(area, "World map with place markers")
        root = gtk_overlay_new()!.cast(gtk_overlay_get_type())
        gtk_overlay_set_child(root, area.widget)
        gtk_overlay_add_overlay(root, zoomButtons().widget)

        WidgetCallbacks.setDrawFunction(area) { [weak self] cairo, width, height in
            self?.draw(cairo, width: Double(width), height: Double(height))
        }
        connectPointer()
        connectKeys()
        subscription = viewModel.state.subscribe { [weak self] state in
            guard let self else { return }
            self.state = state
            if !self.isDrawing { gtk_widget_queue_draw(self.area.widget) }
            self.startTickingIfAnimating()
        }
    }

    /// Draws `worldMap` from now on (the base map loads after the window is shown).
    func setWorldMap(_ worldMap: WorldMap) {
        renderer = MapRenderer(worldMap: worldMap)
        gtk_widget_queue_draw(area.widget)
    }

    /// The canvas's top-left corner in its window's surface (for diagnostics that click on markers).
    func originInSurface() -> ScreenPoint {
        guard let native = gtk_widget_get_native(area.widget) else { return ScreenPoint(x: 0, y: 0) }
        var surfaceX = 0.0, surfaceY = 0.0
        gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
        var point = graphene_point_t(x: 0, y: 0), out = graphene_point_t(x: 0, y: 0)
        let nativeWidget: UnsafeMutablePointer<GtkWidget> = native.cast(gtk_widget_get_type())
        _ = gtk_widget_compute_point(area.widget, nativeWidget, &point, &out)
        return ScreenPoint(x: surfaceX + Double(out.x), y: surfaceY + Double(out.y))
    }

    private func draw(_ cairo: OpaquePointer, width: Double, height: Double) {
        isDrawing = true
        defer { isDrawing = false }
        viewModel.resize(to: ScreenSize(width: width, height: height), origin: originInSurface())
        guard let state else { return }
        let start = ContinuousClock.now
        renderer.draw(state, on: cairo, width: width, height: height)
        onDrawTimed?((ContinuousClock.now - start).milliseconds)
        if !state.markers.isEmpty, let report = onFirstFrameWithPlaces {
            onFirstFrameWithPlaces = nil
            report(state.markers.count)
        }
    }

    private func startTickingIfAnimating() {
        guard viewModel.isAnimating, !isTicking else { return }
        isTicking = true
        WidgetCallbacks.addTickCallback(area) { [weak self] time in
            guard let self else { return false }
            let goesOn = self.viewModel.advanceAnimation(to: time)
            self.isTicking = goesOn
            return goesOn
        }
    }

    private func zoomButtons() -> UnsafeMutablePointer<GtkBox> {
        let zoomIn = Widget.iconButton("zoom-in-symbolic", tooltip: "Zoom in")
        let zoomOut = Widget.iconButton("zoom-out-symbolic", tooltip: "Zoom out")
        zoomIn.connect(Signals.clicked) { [weak self] in self?.viewModel.zoom(by: 1) }
        zoomOut.connect(Signals.clicked) { [weak self] in self?.viewModel.zoom(by: -1) }
        let buttons = Widget.box(vertical: true, spacing: 0, [zoomIn, zoomOut], classes: ["linked", "osd"])
        gtk_widget_set_halign(buttons.widget, GTK_ALIGN_END)
        gtk_widget_set_valign(buttons.widget, GTK_ALIGN_START)
        Widget.setMargins(buttons, 12)
        return buttons
    }

    private func connectPointer() {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click.cast(gtk_gesture_single_get_type(), as: OpaquePointer.self), 1)
        click.connect(Signals.pressed) { [weak self] presses, x, y in
            guard let self else { return }
            gtk_widget_grab_focus(self.area.widget)
            self.viewModel.pressBegan()
            if presses == 2 { self.viewModel.doubleTapped(at: ScreenPoint(x: x, y: y)) }
        }
        click.connect(Signals.released) { [weak self] presses, x, y in
            if presses == 1 { self?.viewModel.tappedOn(point: ScreenPoint(x: x, y: y)) }
        }
        gtk_widget_add_controller(area.widget, click)

        let drag = gtk_gesture_drag_new()!
        drag.connect(Signals.dragBegin) { [weak self] _, _ in self?.viewModel.dragBegan() }
        drag.connect(Signals.dragUpdate) { [weak self] dx, dy in self?.viewModel.dragged(byX: dx, y: dy) }
        drag.connect(Signals.dragEnd) { [weak self] _, _ in self?.viewModel.dragEnded() }
        gtk_widget_add_controller(area.widget, drag)

        let motion = gtk_event_controller_motion_new()!
        motion.connect(Signals.motion) { [weak self] x, y in self?.pointer = ScreenPoint(x: x, y: y) }
        gtk_widget_add_controller(area.widget, motion)

        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        scroll.connect(Signals.scroll) { [weak self] _, dy in
            guard let self else { return false }
            self.viewModel.zoom(by: -dy / 2, around: self.pointer)
            return true
        }
        gtk_widget_add_controller(area.widget, scroll)
    }

    private func connectKeys() {
        let keys = gtk_event_controller_key_new()!
        keys.connect(Signals.keyPressed) { [weak self] keyval, _, _ in
            guard let self else { return false }
            switch Int32(keyval) {
            case GDK_KEY_plus, GDK_KEY_KP_Add, GDK_KEY_equal: self.viewModel.zoom(by: 1)
            case GDK_KEY_minus, GDK_KEY_KP_Subtract: self.viewModel.zoom(by: -1)
            case GDK_KEY_Left: self.viewModel.pan(byViewportFraction: -1, 0)
            case GDK_KEY_Right: self.viewModel.pan(byViewportFraction: 1, 0)
            case GDK_KEY_Up: self.viewModel.pan(byViewportFraction: 0, -1)
            case GDK_KEY_Down: self.viewModel.pan(byViewportFraction: 0, 1)
            default: return false
            }
            return true
        }
        gtk_widget_add_controller(area.widget, keys)
    }
}
