import CGtk
import Multicast
import PlacesCore

/// The Places tab: a search entry, the "N places found" line and a virtualized `GtkListView` whose
/// rows (section headers and places) come from `PlacesListViewModel`; an empty state when nothing matches.
@MainActor
final class PlacesListView {
    let root: UnsafeMutablePointer<GtkBox>
    let searchEntry: OpaquePointer
    private let viewModel: PlacesListViewModel
    private let summary = Widget.label(classes: ["dim-label"])
    private let items = gtk_string_list_new(nil)!
    private let selection: OpaquePointer
    private let listView: OpaquePointer
    private let stack: OpaquePointer
    private var rows = PlacesListRows()
    private var shownSelection: Int?
    private var rowWidgets: [UnsafeMutableRawPointer: PlaceRowWidgets] = [:]
    private var subscription: Subscription?

    init(viewModel: PlacesListViewModel) {
        self.viewModel = viewModel
        searchEntry = gtk_search_entry_new()!.cast(gtk_search_entry_get_type())
        Widget.setProperty(searchEntry, "placeholder-text", "Search places by name, kind or description")
        Widget.setAccessibleLabel(searchEntry, "Search places")
        selection = gtk_single_selection_new(OpaquePointer(UnsafeMutableRawPointer(items)))
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        let factory = gtk_signal_list_item_factory_new()!
        // The model is attached when the list is first shown: GtkListView builds a couple of hundred
        // rows as soon as it has a model, which would otherwise delay the first frame of the map.
        listView = gtk_list_view_new(nil, factory)!.cast(gtk_list_view_get_type())
        Widget.setAccessibleLabel(listView, "Places")
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(scrolled.cast(gtk_scrolled_window_get_type()), listView.widget)
        gtk_widget_set_vexpand(scrolled, 1)
        stack = gtk_stack_new()!.cast(gtk_stack_get_type())
        gtk_stack_add_named(stack, scrolled, "list")
        gtk_stack_add_named(stack, Self.emptyState().widget, "empty")
        let top = Widget.box(vertical: true, spacing: 6, [searchEntry, summary])
        Widget.setMargins(top, 12)
        root = Widget.box(vertical: true, spacing: 0, [top, stack])
        connect(factory: factory)
        searchEntry.connect(Signals.searchChanged) { [weak self] in
            guard let self else { return }
            self.viewModel.search(Widget.text(of: self.searchEntry))
        }
        searchEntry.connect(Signals.activate) { [weak self] in self?.viewModel.activateFirstResult() }
        listView.connect(Signals.rowActivate) { [weak self] position in self?.viewModel.activate(row: Int(position)) }
        listView.connect(Signals.map) { [weak self] in self?.attachModel() }
        subscription = viewModel.state.subscribe { [weak self] state in self?.render(state) }
    }

    private func export(row: Int) {
        guard let section = viewModel.export(atRow: row), let root = gtk_widget_get_root(listView.widget) else { return }
        FileDialogs.chooseExportFile(parent: root.cast(gtk_widget_get_type()), title: "Export \(section.title)",
                                     suggestedName: section.fileName) { [weak self] path in
            self?.viewModel.save(section, to: path)
        }
    }

    private func attachModel() {
        guard gtk_list_view_get_model(listView) == nil else { return }
        gtk_list_view_set_model(listView, OpaquePointer(UnsafeMutableRawPointer(selection)))
        scrollToSelection()
    }

    private func scrollToSelection() {
        let selected = gtk_single_selection_get_selected(selection)
        guard selected != UInt32(GTK_INVALID_LIST_POSITION), gtk_list_view_get_model(listView) != nil else { return }
        _ = gtk_widget_activate_action_variant(listView.widget, "list.scroll-to-item", g_variant_new_uint32(selected))
    }

    private static func emptyState() -> UnsafeMutablePointer<GtkBox> {
        let icon = gtk_image_new_from_icon_name("edit-find-symbolic")!
        gtk_image_set_pixel_size(icon.cast(gtk_image_get_type(), as: OpaquePointer.self), 64)
        Widget.addClasses(icon, ["dim-label"])
        let title = Widget.label("No places found", classes: ["title-2"], xalign: 0.5)
        let hint = Widget.label("Try another name, a kind such as “airport”, or fewer words.", classes: ["dim-label"], xalign: 0.5)
        let box = Widget.box(vertical: true, spacing: 12, [icon, title, hint])
        gtk_widget_set_valign(box.widget, GTK_ALIGN_CENTER)
        return box
    }

    private func connect(factory: OpaquePointer) {
        factory.connect(Signals.setup) { [weak self] item in
            guard let self, let item else { return }
            let widgets = PlaceRowWidgets()
            self.rowWidgets[item] = widgets
            gtk_list_item_set_child(OpaquePointer(item), widgets.root.widget)
        }
        factory.connect(Signals.bind) { [weak self] item in
            guard let self, let item, let widgets = self.rowWidgets[item] else { return }
            let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
            guard self.rows.indices.contains(position) else { return }
            let row = self.rows[position]
            let removable = self.viewModel.removableSource(atRow: position)
            widgets.show(row, removableSource: removable?.title)
            widgets.onRemove = { [weak self] in self?.viewModel.removeSource(atRow: position) }
            widgets.onExport = { [weak self] in self?.export(row: position) }
            let isPlace = if case .place = row { true } else { false }
            gtk_list_item_set_activatable(OpaquePointer(item), isPlace ? 1 : 0)
            gtk_list_item_set_selectable(OpaquePointer(item), isPlace ? 1 : 0)
        }
        factory.connect(Signals.teardown) { [weak self] item in
            guard let item else { return }
            self?.rowWidgets[item] = nil
        }
    }

    private func render(_ state: PlacesListState) {
        Widget.setText(searchEntry, state.query)
        gtk_label_set_text(summary, state.summary)
        let oldCount = rows.count
        rows = state.rows
        resizeItems(from: oldCount, to: rows.count)
        gtk_stack_set_visible_child_name(stack, state.isEmpty ? "empty" : "list")
        let position = state.selectedRow.map(UInt32.init) ?? UInt32(GTK_INVALID_LIST_POSITION)
        gtk_single_selection_set_selected(selection, position)
        // Follow a new selection, but never fight the person's own scrolling on other updates.
        if state.selectedRow != shownSelection {
            shownSelection = state.selectedRow
            scrollToSelection()
        }
    }

    /// The string list only stands for row positions: grow or shrink it, then tell the view that the
    /// rows it kept changed content, so only visible rows are re-bound (cheap even for 100,000 rows).
    private func resizeItems(from oldCount: Int, to newCount: Int) {
        let list = OpaquePointer(UnsafeMutableRawPointer(items))
        if newCount > oldCount {
            var empty: [UnsafePointer<CChar>?] = Array(repeating: Self.emptyString, count: newCount - oldCount)
            empty.append(nil)
            gtk_string_list_splice(items, UInt32(oldCount), 0, &empty)
        } else if newCount < oldCount {
            gtk_string_list_splice(items, UInt32(newCount), UInt32(oldCount - newCount), nil)
        }
        let kept = UInt32(min(oldCount, newCount))
        if kept > 0 { g_list_model_items_changed(list, 0, kept, kept) }
    }

    private static let emptyString: UnsafePointer<CChar> = {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return UnsafePointer(pointer)
    }()
}
