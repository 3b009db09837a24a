import CGtk

/// A `GtkNotebook` of tabs. Switching pages from code never runs the `onUserSwitch` handler.
struct Notebook: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var notebook: OpaquePointer { widget.cast(gtk_notebook_get_type()) }

    init() { widget = gtk_notebook_new() }

    /// Adds a page showing `child` with a tab reading `title`; a screen reader hears the tab, and the
    /// page it labels, by that title (GTK 4.8 names the tab "Tab").
    func appendPage(_ child: some Widget, title: String) {
        let label = gtk_label_new(title)!
        gtk_notebook_append_page(notebook, child.widget, label)
        if let tab = gtk_widget_get_parent(label) { AccessibleObject(tab).setLabel(title) }
    }

    var currentPage: Int {
        get { Int(gtk_notebook_get_current_page(notebook)) }
        nonmutating set {
            guard newValue != currentPage else { return }
            UserEdits.whileSuppressed(on: widget) { gtk_notebook_set_current_page(notebook, Int32(newValue)) }
        }
    }

    /// Runs `action` with the new page when the person switches tabs.
    func onUserSwitch(_ action: @escaping @MainActor (Int) -> Void) {
        UserEdits.connect(Signals.notifyPage, on: widget) { [notebook] _ in action(Int(gtk_notebook_get_current_page(notebook))) }
    }

    /// Runs `action` with the new page after every switch, the person's or the app's.
    func onPageShown(_ action: @escaping @MainActor (Int) -> Void) {
        widget.connect(Signals.notifyPage) { [notebook] _ in action(Int(gtk_notebook_get_current_page(notebook))) }
    }
}
