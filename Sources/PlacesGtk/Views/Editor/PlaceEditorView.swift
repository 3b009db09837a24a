import Multicast
import PlacesCore

/// The place editor, shown at the bottom of the window in the card's stead so the map stays in view:
/// name, kind, position, link and notes, each with its problem under it, and Cancel and Save. It copies
/// `PlaceEditorViewModel`'s state into its widgets and sends every edit back; `Enter` in a one-line
/// field saves, `Esc` cancels. One view serves every session: `edit(_:)` binds it to the next.
@MainActor
final class PlaceEditorView {
    let root: Box
    let name = Entry(placeholder: tr("Name"), name: tr("Name"))
    private let heading = Label(classes: ["title-3"])
    private let kind = DropDown(name: tr("Kind"))
    private let coordinates = Entry(placeholder: "48.85840, 2.29450", name: tr("Position"))
    private let link = Entry(placeholder: "https://", name: tr("Web link"))
    private let notes = TextView(name: tr("Notes"))
    private let nameProblem = Label(classes: ["error", "caption"])
    private let coordinatesProblem = Label(classes: ["error", "caption"])
    private let linkProblem = Label(classes: ["error", "caption"])
    private let notesProblem = Label(classes: ["error", "caption"])
    private let save = Button(label: tr("_Save"), classes: ["suggested-action"])
    private let cancel = Button(label: tr("_Cancel"))
    private var viewModel: PlaceEditorViewModel?

    init() {
        heading.expand(horizontally: true)
        heading.wrap(maximumLines: 2)  // "Nouveau lieu" beside Cancel and Save in a window 360 pixels wide
        name.limitLength(to: PlaceEditorViewModel.nameLimit)
        link.limitLength(to: PlaceEditorViewModel.nameLimit)
        for problem in [nameProblem, coordinatesProblem, linkProblem, notesProblem] { problem.wrap() }
        let notesFrame = ScrolledWindow(notes, minimumHeight: 60, maximumHeight: 120)
        notesFrame.addClass("card")
        let kindAndPosition = Box(.horizontal, spacing: 12, [
            Self.field(tr("Kind"), kind, problem: nil),
            Self.field(tr("Position"), coordinates, problem: coordinatesProblem, expands: true),
        ])
        root = Box(.vertical, spacing: 8, [
            Box(.horizontal, spacing: 6, [heading, cancel, save]),
            Self.field(tr("Name"), name, problem: nameProblem),
            kindAndPosition,
            Self.field(tr("Web link"), link, problem: linkProblem),
            Self.field(tr("Notes"), notesFrame, problem: notesProblem),
        ], classes: ["place-card", "place-editor"])
        root.setMargins(12)
        root.setAccessibleLabel(tr("Place editor"))

        name.onEdit { [weak self] in self?.viewModel?.send(.name($0)) }
        kind.onSelect { [weak self] in self?.viewModel?.send(.kind($0)) }
        coordinates.onEdit { [weak self] in self?.viewModel?.send(.coordinates($0)) }
        link.onEdit { [weak self] in self?.viewModel?.send(.link($0)) }
        notes.onEdit { [weak self] in self?.viewModel?.send(.notes($0)) }
        for field in [name, coordinates, link] { field.onActivate { [weak self] in self?.viewModel?.send(.save) } }
        save.onClick { [weak self] in self?.viewModel?.send(.save) }
        cancel.onClick { [weak self] in self?.viewModel?.send(.cancel) }
        let keys = ShortcutController(reach: .focusedWidget)
        keys.add("Escape") { [weak self] in
            self?.viewModel?.send(.cancel)
            return true
        }
        root.add(keys)
    }

    /// Shows the session `viewModel`'s place and sends edits to it from now on, with the name field focused.
    func edit(_ viewModel: PlaceEditorViewModel) {
        guard viewModel !== self.viewModel else { return }
        self.viewModel = viewModel
        viewModel.state.subscribe(self) { view, state in view.render(state) }
        _ = name.grabFocus()
    }

    private func render(_ state: PlaceEditorState) {
        heading.text = state.title
        name.text = state.name
        kind.setItems(state.kinds)
        kind.selected = state.kindIndex
        coordinates.text = state.coordinates
        link.text = state.link
        notes.text = state.notes
        nameProblem.show(state.name.isEmpty ? nil : state.nameProblem)  // no scolding before anything is typed
        coordinatesProblem.show(state.coordinatesProblem)
        linkProblem.show(state.linkProblem)
        notesProblem.show(state.notesProblem)
        save.isSensitive = state.canSave
    }

    /// A caption over `input`, with the field's problem under it.
    private static func field(_ caption: String, _ input: some Widget, problem: Label?, expands: Bool = false) -> Box {
        let box = Box(.vertical, spacing: 2, [Label(caption, classes: ["caption-heading"]), input] + (problem.map { [$0] } ?? []))
        if expands { box.expand(horizontally: true) }
        return box
    }
}
