import Multicast
import PlacesCore

/// The Places tab: a search field, the "N places found" line and a virtualized list whose rows
/// (section headers and places) come from `PlacesListViewModel`; an empty state when nothing matches.
@MainActor
final class PlacesListView {
    let root: Box
    private let searchEntry = Entry(searchPlaceholder: tr("Search places by name, kind or description"), name: tr("Search places"))
    private let summary = Label(classes: ["dim-label"])
    private let list: ListView<PlaceRowWidgets>
    private let stack: Stack
    private let emptyState = StatusPage(icon: "edit-find-symbolic", title: tr("No places found"), description: PlacesListView.tryAnother)
    /// What the empty state suggests, unless the search text is a point that cannot be shown.
    private static var tryAnother: String { tr("Try another name, a kind such as “airport”, or fewer words.") }
    private let viewModel: PlacesListViewModel
    private var rows = PlacesListRows()
    private var shownSelection: Int?
    private var scrolledTarget = 0
    /// The search whose results the list shows.
    private(set) var shownQuery = ""

    /// What the search field holds, as painted.
    var typedText: String { searchEntry.text }
    /// The line above the list ("20 places found").
    var shownSummary: String { summary.text }
    var shownRowCount: Int { rows.count }

    init(viewModel: PlacesListViewModel) {
        self.viewModel = viewModel
        list = ListView(name: tr("Places")) {
            let row = PlaceRowWidgets { [viewModel] in viewModel.send($0) }
            return (row, row.root)
        }
        stack = Stack([("list", tr("Places"), list.scrolled), ("empty", tr("No places found"), emptyState)])
        let top = Box(.vertical, spacing: 6, [searchEntry, summary])
        top.setMargins(12)
        root = Box(.vertical, [top, stack])
        list.onBind { [weak self] row, position in
            guard let self else { return ListRowBehaviour(isActivatable: false, isSelectable: false) }
            let shown = self.rows[position]
            row.show(shown)
            let isPlace = if case .place = shown { true } else { false }
            return ListRowBehaviour(isActivatable: isPlace, isSelectable: isPlace)
        }

        // A keystroke's search takes milliseconds, even over a million places (places-bench), so the
        // results follow each key at once instead of after GTK's 150 ms pause (gui-bench "typing").
        searchEntry.setSearchDelay(milliseconds: 0)
        searchEntry.onEdit { [viewModel] text in viewModel.send(.search(text)) }
        searchEntry.onActivate { [searchEntry, viewModel] in
            // Enter acts on what is typed, also within the search delay (keys queued behind a load).
            viewModel.send(.search(searchEntry.text))
            viewModel.send(.activateFirstResult)
        }
        // Down in the search field goes on to the first place found and selects it (its card shows), as
        // in GNOME's other searches.
        let keys = ShortcutController(reach: .focusedWidgetFirst)
        keys.add("Down") { [weak self] in
            guard let self else { return false }
            viewModel.send(.search(searchEntry.text))
            viewModel.send(.selectFirstResult)
            guard let row = viewModel.state.latest?.selectedRow else { return false }
            list.focusRow(row)
            return true
        }
        searchEntry.add(keys)
        // One click (or an arrow key) selects the place and shows its card under the list; a double
        // click or Enter opens it on the map.
        list.onSelect { [weak self] position in
            guard let self, case .place(let place) = self.rows[position] else { return }
            self.viewModel.send(.select(place.id))
        }
        list.onActivate { [weak self] position in
            guard let self, case .place(let place) = self.rows[position] else { return }
            self.viewModel.send(.activate(place.id))
        }
        viewModel.state.subscribe(self) { list, state in list.render(state) }
    }

    /// Puts the keyboard in the search field with its text selected, to type a new search over it.
    func focusSearch() {
        _ = searchEntry.grabFocus()
        searchEntry.selectAll()
    }

    private func render(_ state: PlacesListState) {
        // While the person types, their text wins: the view-model hears it after the search delay, and a
        // state published meanwhile (places still loading) must not put its older query back.
        if !searchEntry.containsFocus { searchEntry.text = state.query }
        summary.text = state.summary
        shownQuery = state.query
        rows = state.rows
        list.reload(count: rows.count)
        stack.visiblePage = state.isEmpty ? "empty" : "list"
        emptyState.setDescription(state.problem ?? Self.tryAnother)
        list.select(state.selectedRow)
        // Follow a new selection, but never fight the person's own scrolling on other updates.
        if state.selectedRow != shownSelection {
            shownSelection = state.selectedRow
            list.scrollToSelection()
        }
        if let target = state.scrollTarget, target.serial != scrolledTarget {
            scrolledTarget = target.serial
            list.scroll(to: target.row)
        }
    }
}
