import CGtk
import PlacesCore

/// A `GtkEventController` (a gesture, a key or scroll handler, a shortcut controller, a drop target)
/// that a widget owns once added to it.
@MainActor
protocol EventController {
    var controller: OpaquePointer { get }
}

/// Presses and releases of one mouse button (`GtkGestureClick`), with the press count and position.
struct ClickGesture: EventController {
    let controller: OpaquePointer

    init(button: UInt32 = 1) {
        let gesture = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(gesture.cast(gtk_gesture_single_get_type()), button)
        controller = gesture
    }

    func onPress(_ action: @escaping @MainActor (Int, ScreenPoint) -> Void) {
        controller.connect(Signals.pressed) { count, x, y in action(Int(count), ScreenPoint(x: x, y: y)) }
    }

    func onRelease(_ action: @escaping @MainActor (Int, ScreenPoint) -> Void) {
        controller.connect(Signals.released) { count, x, y in action(Int(count), ScreenPoint(x: x, y: y)) }
    }
}

/// A touch held in one spot (`GtkGestureLongPress`), as touch screens open context menus. Touch
/// only, as in GNOME Maps: a mouse has its right button, and a left button held still before a slow
/// drag would otherwise open the menu and end the drag.
struct LongPressGesture: EventController {
    let controller: OpaquePointer

    init() {
        let gesture = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(gesture.cast(gtk_gesture_single_get_type()), 1)
        controller = gesture
    }

    func onPress(_ action: @escaping @MainActor (ScreenPoint) -> Void) {
        controller.connect(Signals.longPressed) { x, y in action(ScreenPoint(x: x, y: y)) }
    }
}

/// A drag with the primary button (`GtkGestureDrag`): offsets from where it began.
struct DragGesture: EventController {
    let controller: OpaquePointer = gtk_gesture_drag_new()

    func onBegin(_ action: @escaping @MainActor (ScreenPoint) -> Void) {
        controller.connect(Signals.dragBegin) { x, y in action(ScreenPoint(x: x, y: y)) }
    }
    func onUpdate(_ action: @escaping @MainActor (Double, Double) -> Void) { controller.connect(Signals.dragUpdate, action) }
    func onEnd(_ action: @escaping @MainActor () -> Void) { controller.connect(Signals.dragEnd) { _, _ in action() } }
}

struct MotionController: EventController {
    let controller: OpaquePointer = gtk_event_controller_motion_new()

    func onMotion(_ action: @escaping @MainActor (ScreenPoint) -> Void) {
        controller.connect(Signals.motion) { x, y in action(ScreenPoint(x: x, y: y)) }
    }
}

/// Every event that reaches a widget (`GtkEventControllerLegacy`), seen before any controller of
/// its children (the capture phase) and left for them: the pointer, keys, touches, scrolling.
struct EventWatcher: EventController {
    let controller: OpaquePointer

    init() {
        controller = gtk_event_controller_legacy_new()
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    }

    func onEvent(_ action: @escaping @MainActor () -> Void) {
        controller.connect(Signals.event) { _ in
            action()
            return false
        }
    }
}

/// Vertical scrolling (`GtkEventControllerScroll`), in a wheel's notches: a mouse wheel's step is 1; a
/// touchpad's movement in pixels is counted as `pixelsPerNotch` pixels a notch, smoothly.
struct ScrollController: EventController {
    let controller: OpaquePointer = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)
    static let pixelsPerNotch = 50.0

    /// `action` gets the vertical delta in notches and returns whether it used the scroll.
    func onScroll(_ action: @escaping @MainActor (Double) -> Bool) {
        controller.connect(Signals.scroll) { [controller] _, dy in
            action(gtk_event_controller_scroll_get_unit(controller) == GDK_SCROLL_UNIT_SURFACE ? dy / Self.pixelsPerNotch : dy)
        }
    }
}

/// The keyboard focus coming into a widget or anything inside it (`GtkEventControllerFocus`).
struct FocusController: EventController {
    let controller: OpaquePointer = gtk_event_controller_focus_new()

    /// Runs `action` when the focus comes in from outside the widget (not when it moves inside it).
    func onEnter(_ action: @escaping @MainActor () -> Void) {
        controller.connect(Signals.focusEnter, action)
    }
}
