import CGtk
import PlacesCore

/// A GTK widget seen from Swift. Every wrapper in this folder is a small value around one widget's
/// pointer with typed operations; GTK owns the widget (its parent keeps it alive), so wrappers can be
/// copied freely and never unref anything.
@MainActor
protocol Widget {
    var widget: UnsafeMutablePointer<GtkWidget> { get }
}

/// Where a widget sits inside the space its parent gives it.
enum Alignment {
    case fill, start, end, center

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }
}

extension Widget {
    /// Puts `text` on the display's clipboard (what Ctrl+V pastes elsewhere).
    func copyToClipboard(_ text: String) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), text)
    }

    var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        nonmutating set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        nonmutating set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    var isFocusable: Bool {
        get { gtk_widget_get_focusable(widget) != 0 }
        nonmutating set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
    }

    var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }

    /// Whether the pointer reaches this widget and its children; when not, clicks go to what is below.
    var canTarget: Bool {
        get { gtk_widget_get_can_target(widget) != 0 }
        nonmutating set { gtk_widget_set_can_target(widget, newValue ? 1 : 0) }
    }

    /// Setting it on a widget GTK shows asks the display where the pointer is, to show the tooltip at
    /// once if it is over the widget: a round trip to the X server. A widget just made, in no
    /// container yet, cannot be under the pointer: it is hidden meanwhile to spare that (the window
    /// being built set a dozen).
    var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        nonmutating set {
            guard gtk_widget_get_parent(widget) == nil, gtk_widget_get_root(widget) == nil, gtk_widget_get_visible(widget) != 0 else {
                return gtk_widget_set_tooltip_text(widget, newValue)
            }
            gtk_widget_set_visible(widget, 0)
            gtk_widget_set_tooltip_text(widget, newValue)
            gtk_widget_set_visible(widget, 1)
        }
    }

    /// Allocated width and height in pixels (0 before the first layout).
    var width: Int { Int(gtk_widget_get_width(widget)) }
    var height: Int { Int(gtk_widget_get_height(widget)) }

    func addClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    func removeClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
    func addClasses(_ names: [String]) { names.forEach(addClass) }

    /// Adds `name` when `present`, removes it otherwise.
    func setClass(_ name: String, present: Bool) {
        if present { addClass(name) } else { removeClass(name) }
    }

    func expand(horizontally: Bool = false, vertically: Bool = false) {
        gtk_widget_set_hexpand(widget, horizontally ? 1 : 0)
        gtk_widget_set_vexpand(widget, vertically ? 1 : 0)
    }

    func align(horizontal: Alignment = .fill, vertical: Alignment = .fill) {
        gtk_widget_set_halign(widget, horizontal.gtk)
        gtk_widget_set_valign(widget, vertical.gtk)
    }

    func setMargins(top: Int32? = nil, bottom: Int32? = nil, start: Int32? = nil, end: Int32? = nil) {
        if let top { gtk_widget_set_margin_top(widget, top) }
        if let bottom { gtk_widget_set_margin_bottom(widget, bottom) }
        if let start { gtk_widget_set_margin_start(widget, start) }
        if let end { gtk_widget_set_margin_end(widget, end) }
    }

    func setMargins(_ all: Int32) { setMargins(top: all, bottom: all, start: all, end: all) }

    /// The smallest size the widget asks for; -1 leaves an axis to the widget's content.
    func setSizeRequest(width: Int32 = -1, height: Int32 = -1) { gtk_widget_set_size_request(widget, width, height) }

    /// The name screen readers announce (`GTK_ACCESSIBLE_PROPERTY_LABEL`).
    func setAccessibleLabel(_ text: String) { updateAccessible(GTK_ACCESSIBLE_PROPERTY_LABEL, text) }

    /// Extra words screen readers announce after the name (`GTK_ACCESSIBLE_PROPERTY_DESCRIPTION`).
    func setAccessibleDescription(_ text: String) { updateAccessible(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text) }

    /// Leaves the widget, and all inside it, out of what screen readers find (a decorative icon, a
    /// card slid away) while `hidden`.
    func hideFromScreenReaders(_ hidden: Bool = true) {
        var value = GValue()
        g_value_init(&value, .boolean)
        g_value_set_boolean(&value, hidden ? 1 : 0)
        defer { g_value_unset(&value) }
        var state = GTK_ACCESSIBLE_STATE_HIDDEN
        gtk_accessible_update_state_value(widget.cast(gtk_accessible_get_type()), 1, &state, &value)
    }

    private func updateAccessible(_ property: GtkAccessibleProperty, _ text: String) {
        withStringValue(text) { value in
            var property = property
            gtk_accessible_update_property_value(widget.cast(gtk_accessible_get_type()), 1, &property, value)
        }
    }

    @discardableResult
    func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

    /// Does what a click (or Enter) on the widget does: a menu button opens its menu.
    func activate() { _ = gtk_widget_activate(widget) }

    /// Moves the focus to the first focusable widget inside this one; false when there is none.
    func focusFirstChild() -> Bool { gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD) != 0 }

    /// Moves the focus to the next (or previous) focusable widget inside this one, as Tab would;
    /// false past the last (or the first).
    func moveFocusInside(forward: Bool) -> Bool { gtk_widget_child_focus(widget, forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD) != 0 }

    /// Moves the keyboard focus to the widget after this one (or before it), as Tab past its last
    /// child (or Shift+Tab before its first) would where GTK's order, by position, leads back inside.
    @discardableResult
    func moveFocusOut(forward: Bool) -> Bool {
        guard let root = gtk_widget_get_root(widget) else { return false }
        // Unfocusable for a moment, the widget and all inside it are passed over.
        gtk_widget_set_can_focus(widget, 0)
        defer { gtk_widget_set_can_focus(widget, 1) }
        return gtk_widget_child_focus(root.cast(gtk_widget_get_type()), forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD) != 0
    }

    /// Whether the keyboard focus is inside this widget on its own surface (not in a popover of it).
    var containsFocusOnItsSurface: Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return (focus == widget || gtk_widget_is_ancestor(focus, widget) != 0) && gtk_widget_get_native(focus) == gtk_widget_get_native(widget)
    }

    /// Whether the keyboard focus is on this widget or inside it (a search entry's focus is on a
    /// child of its own).
    var containsFocus: Bool {
        guard let root = gtk_widget_get_root(widget),
              let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    func queueDraw() { gtk_widget_queue_draw(widget) }

    func add(_ controller: some EventController) { gtk_widget_add_controller(widget, controller.controller) }

    /// Where the widget's top-left corner is in its window's surface, in pixels (what an input tool such
    /// as xdotool aims at); the origin until the widget is in a realized window.
    var originInWindow: ScreenPoint {
        guard let native = gtk_widget_get_native(widget) else { return ScreenPoint(x: 0, y: 0) }
        var surfaceX = 0.0, surfaceY = 0.0
        gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
        var point = graphene_point_t(x: 0, y: 0), out = graphene_point_t(x: 0, y: 0)
        _ = gtk_widget_compute_point(widget, native.cast(gtk_widget_get_type()), &point, &out)
        return ScreenPoint(x: surfaceX + Double(out.x), y: surfaceY + Double(out.y))
    }

    /// The type of the renderer that paints the widget's window (`GskCairoRenderer`, `GskGLRenderer`…),
    /// once it is realized.
    var rendererName: String? {
        guard let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native) else { return nil }
        return renderer.typeName
    }

    /// The window this widget is in, once it is in one.
    var window: Window? { gtk_widget_get_root(widget).map { Window(adopting: UnsafeMutableRawPointer($0)) } }
}

/// Any widget, when only the common operations are needed.
struct AnyWidget: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>

    init(_ widget: UnsafeMutablePointer<GtkWidget>) { self.widget = widget }
    init(_ other: some Widget) { widget = other.widget }
}
