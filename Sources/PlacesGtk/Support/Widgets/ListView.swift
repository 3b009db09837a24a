import CGtk

/// A virtualized `GtkListView` over rows that live in Swift: GTK knows only how many rows there are,
/// and asks for a row's widgets when it scrolls into view. `Row` is the recycled widget group of one
/// visible row; `bind` fills it for a position. Only the rows on screen are ever built or bound, so a
/// list of 100,000 rows costs GTK a few dozen row widgets.
@MainActor
final class ListView<Row> {
    let scrolled: ScrolledWindow
    private let list: AnyWidget
    private let positions = PositionListModel()
    private let selection: OpaquePointer
    /// A row's widgets and its root widget (inside GTK's focusable item widget). The root carries a
    /// reference of ours from when it is made, so that it outlives the list item GTK disposes.
    private typealias MadeRow = (row: Row, root: UnsafeMutablePointer<GtkWidget>)
    /// Each list item's row.
    private var items: [UnsafeMutableRawPointer: MadeRow] = [:]
    /// Rows GTK tore down, kept for the next list items it sets up: GtkListView keeps up to 200 list
    /// items and drops or makes them as a search changes how many rows there are, and making a row's
    /// widgets costs far more than moving them to another item.
    private var spare: [MadeRow] = []
    private var count: Int { positions.count }
    private var bind: (@MainActor (Row, Int) -> ListRowBehaviour)?

    isolated deinit {
        for (_, root) in Array(items.values) + spare { g_object_unref(root) }
    }

    /// A list named `name` for screen readers; `makeRow` builds one row's widgets (and its root widget).
    init(name: String, makeRow: @escaping @MainActor () -> (Row, any Widget)) {
        // The selection takes a reference of its own to the model.
        selection = gtk_single_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(positions.model))))
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        let factory = gtk_signal_list_item_factory_new()!
        // The model is attached when the list is first shown: GtkListView builds a couple of hundred
        // rows as soon as it has one, which would otherwise delay the window's first frame.
        list = AnyWidget(gtk_list_view_new(nil, factory))
        list.setAccessibleLabel(name)
        scrolled = ScrolledWindow(list)
        scrolled.expand(vertically: true)
        factory.connect(Signals.setup) { [weak self] item in
            guard let self, let item else { return }
            let made = self.spare.popLast() ?? {
                let (row, root) = makeRow()
                g_object_ref_sink(root.widget)
                return (row, root.widget)
            }()
            self.items[item] = made
            gtk_list_item_set_child(OpaquePointer(item), made.root)
        }
        factory.connect(Signals.bind) { [weak self] item in
            guard let self, let item else { return }
            self.bindItem(item)
        }
        factory.connect(Signals.teardown) { [weak self] item in
            guard let self, let item else { return }
            gtk_list_item_set_child(OpaquePointer(item), nil)
            if let made = self.items.removeValue(forKey: item) { self.spare.append(made) }
        }
        list.widget.connect(Signals.map) { [weak self] in self?.attachModel() }
    }

    /// Shows the row at a position in its widgets whenever the list needs it, and says what the row allows.
    func onBind(_ bind: @escaping @MainActor (Row, Int) -> ListRowBehaviour) {
        self.bind = bind
    }

    /// Runs `action` with the position of a row the person selects (a click, the arrow keys); not for
    /// selections made by `select(_:)`.
    func onSelect(_ action: @escaping @MainActor (Int) -> Void) {
        UserEdits.connect(Signals.notifySelected, on: selection) { [selection] _ in
            let selected = gtk_single_selection_get_selected(selection)
            if selected != UInt32(GTK_INVALID_LIST_POSITION) { action(Int(selected)) }
        }
    }

    /// Runs `action` with the position of a row the person activates (Enter or double click).
    func onActivate(_ action: @escaping @MainActor (Int) -> Void) {
        list.widget.connect(Signals.rowActivate) { action(Int($0)) }
    }

    /// Shows `newCount` rows: the rows on screen are bound anew, and GTK hears only of the rows that
    /// come or go at the end (cheap for a million rows).
    func reload(count newCount: Int) {
        positions.resize(to: newCount)
        items.keys.forEach(bindItem)
    }

    /// Shows the row of a list item at its position, if it has one among the rows.
    private func bindItem(_ item: UnsafeMutableRawPointer) {
        guard let row = items[item]?.row, let bind else { return }
        let position = gtk_list_item_get_position(OpaquePointer(item))
        guard position != UInt32(GTK_INVALID_LIST_POSITION), Int(position) < count else { return }
        let behaviour = bind(row, Int(position))
        gtk_list_item_set_activatable(OpaquePointer(item), behaviour.isActivatable ? 1 : 0)
        gtk_list_item_set_selectable(OpaquePointer(item), behaviour.isSelectable ? 1 : 0)
    }

    /// Highlights the row at `position` (nil: none).
    func select(_ position: Int?) {
        let value = position.map(UInt32.init) ?? UInt32(GTK_INVALID_LIST_POSITION)
        guard value != gtk_single_selection_get_selected(selection) else { return }
        UserEdits.whileSuppressed(on: selection) { gtk_single_selection_set_selected(selection, value) }
    }

    /// Scrolls so that the row at `position` is in view.
    func scroll(to position: Int) {
        guard gtk_list_view_get_model(OpaquePointer(list.widget)) != nil else { return }
        _ = gtk_widget_activate_action_variant(list.widget, "list.scroll-to-item", g_variant_new_uint32(UInt32(position)))
    }

    /// Puts the keyboard focus on the row at `position` if it is on screen (GTK 4.8 has no call to
    /// focus a list item, so the item widget around the row is focused, as a click would).
    func focusRow(_ position: Int) {
        let item = items.keys.first { Int(gtk_list_item_get_position(OpaquePointer($0))) == position }
        guard let item, let root = items[item]?.root, let itemWidget = gtk_widget_get_parent(root) else { return }
        _ = gtk_widget_grab_focus(itemWidget)
    }

    func scrollToSelection() {
        let selected = gtk_single_selection_get_selected(selection)
        guard selected != UInt32(GTK_INVALID_LIST_POSITION), gtk_list_view_get_model(OpaquePointer(list.widget)) != nil else { return }
        _ = gtk_widget_activate_action_variant(list.widget, "list.scroll-to-item", g_variant_new_uint32(selected))
    }

    private func attachModel() {
        guard gtk_list_view_get_model(OpaquePointer(list.widget)) == nil else { return }
        gtk_list_view_set_model(OpaquePointer(list.widget), selection)
        // GTK 4.8 scrolling a list that has never been laid out shows it blank until the person
        // scrolls: scroll to the selection once the first frame with the rows is done.
        var frames = 0
        WidgetCallbacks.addTickCallback(list.widget) { [weak self] _ in
            frames += 1
            guard frames > 1 else { return true }
            self?.scrollToSelection()
            return false
        }
    }

}

/// What a bound row allows.
struct ListRowBehaviour {
    var isActivatable: Bool
    var isSelectable: Bool
}
