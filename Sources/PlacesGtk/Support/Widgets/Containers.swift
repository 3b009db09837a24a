import CGtk

/// A `GtkScrolledWindow` around one child.
struct ScrolledWindow: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>

    init(_ child: some Widget) {
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_child(widget.cast(gtk_scrolled_window_get_type()), child.widget)
    }

    /// Grows with its content from `minimumHeight` up to `maximumHeight` pixels, then scrolls.
    init(_ child: some Widget, minimumHeight: Int32, maximumHeight: Int32) {
        self.init(child)
        let scrolled: OpaquePointer = widget.cast(gtk_scrolled_window_get_type())
        gtk_scrolled_window_set_min_content_height(scrolled, minimumHeight)
        gtk_scrolled_window_set_max_content_height(scrolled, maximumHeight)
        gtk_scrolled_window_set_propagate_natural_height(scrolled, 1)
    }
}

/// A `GtkOverlay`: one main child with others drawn over it.
struct Overlay: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>

    init(_ child: some Widget, overlays: [any Widget] = []) {
        widget = gtk_overlay_new()
        gtk_overlay_set_child(widget.cast(gtk_overlay_get_type()), child.widget)
        for overlay in overlays { gtk_overlay_add_overlay(widget.cast(gtk_overlay_get_type()), overlay.widget) }
    }
}

/// A `GtkFixed`: children placed at given positions, with the sizes they ask for.
struct Fixed: Widget {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_fixed_new()
    private var fixed: UnsafeMutablePointer<GtkFixed> { widget.cast(gtk_fixed_get_type()) }

    func put(_ child: some Widget, x: Double, y: Double) { gtk_fixed_put(fixed, child.widget, x, y) }
    func move(_ child: some Widget, x: Double, y: Double) { gtk_fixed_move(fixed, child.widget, x, y) }
}

/// A `GtkStack`: named pages, one shown at a time.
struct Stack: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var stack: OpaquePointer { widget.cast(gtk_stack_get_type()) }

    /// `sizedToPage`: as tall as the page shown (by default, as tall as the tallest page).
    init(_ pages: [(name: String, title: String, child: any Widget)], sizedToPage: Bool = false) {
        widget = gtk_stack_new()
        for page in pages { addPage(named: page.name, title: page.title, page.child) }
        if sizedToPage { gtk_stack_set_vhomogeneous(stack, 0) }
    }

    /// Adds a page after the others; a screen reader hears it as `title`.
    func addPage(named name: String, title: String, _ child: some Widget) {
        if let page = gtk_stack_add_named(stack, child.widget, name) { AccessibleObject(page).setLabel(title) }
    }

    var visiblePage: String {
        get { gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } ?? "" }
        nonmutating set { gtk_stack_set_visible_child_name(stack, newValue) }
    }
}

/// A `GtkImage` showing a symbolic icon.
struct Image: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>

    init(icon: String, pixelSize: Int32? = nil, classes: [String] = []) {
        widget = gtk_image_new_from_icon_name(icon)
        if let pixelSize { gtk_image_set_pixel_size(widget.cast(gtk_image_get_type()), pixelSize) }
        addClasses(classes)
    }
}

struct Spinner: Widget {
    let widget: UnsafeMutablePointer<GtkWidget> = gtk_spinner_new()

    var isSpinning: Bool {
        get { gtk_spinner_get_spinning(widget.cast(gtk_spinner_get_type())) != 0 }
        nonmutating set { gtk_spinner_set_spinning(widget.cast(gtk_spinner_get_type()), newValue ? 1 : 0) }
    }
}

/// An `AdwClamp`: gives its child at most `maximumSize` pixels of width and centres it, and lets it
/// shrink with the window (a form stays readable on a wide window and fits a narrow one).
struct Clamp: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>

    init(_ child: some Widget, maximumSize: Int32) {
        widget = adw_clamp_new()
        let clamp: OpaquePointer = widget.cast(adw_clamp_get_type())
        adw_clamp_set_maximum_size(clamp, maximumSize)
        adw_clamp_set_tightening_threshold(clamp, maximumSize)
        adw_clamp_set_child(clamp, child.widget)
    }
}
