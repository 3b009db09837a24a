import Foundation
import Multicast

/// The place editor's view-model, for one editing session over a `PlaceDraft` (a new place or one of
/// the person's own): it checks each field as it is typed and, on Save, hands the finished place to
/// the coordinator, which saves it through the undo history; Cancel hands back nothing. A position
/// typed moves the draft (and the map with it) once the typing pauses, never to a half-typed
/// position; the map moves the same draft when its marker is dragged, and the position field follows.
@MainActor
public final class PlaceEditorViewModel: PlaceDraftDelegate {
    public enum Input: Sendable {
        case name(String)
        /// An index into the state's `kinds`.
        case kind(Int)
        case notes(String)
        case link(String)
        case coordinates(String)
        /// Enter or the Save button; ignored while a field is invalid.
        case save
        case cancel
    }

    /// Longest name and link accepted, in characters (notes: `notesLimit`).
    public static let nameLimit = 1_000
    public static let notesLimit = 10_000

    public let state = Publink<PlaceEditorState>(replaysLast: true)
    public weak var coordinator: (any AppCoordinating)?
    public let draft: PlaceDraft

    private let kinds: [Category]
    private var coordinatesText: String
    /// Why `coordinatesText` is not a position, nil when it is one.
    private var coordinatesProblem: CoordinateText.Problem?
    /// Moves the draft to the position typed once the typing pauses.
    private let typing: Debounce
    private var isFinished = false

    /// How long the position field waits after a key before the draft moves to what it holds.
    public static let typingPause: Duration = .milliseconds(700)

    public init(draft: PlaceDraft, clock: AppClock = .continuous) {
        self.draft = draft
        typing = Debounce(pause: Self.typingPause, clock: clock)
        let category = draft.place.category
        let custom: [Category] = category.isKnown || category.rawValue.isEmpty ? [] : [category]
        kinds = Category.known + custom + [.other("")]
        coordinatesText = CoordinateText.format(draft.place.coordinate)
        draft.delegates += self
        publish()
    }

    public func send(_ input: Input) {
        guard !isFinished else { return }
        switch input {
        case .name(let name): draft.change { $0.name = name }
        case .kind(let index): if kinds.indices.contains(index) { draft.change { $0.category = kinds[index] } }
        case .notes(let notes): draft.change { $0.notes = notes }
        case .link(let link): draft.change { $0.link = link }
        case .coordinates(let text):
            coordinatesText = text
            switch CoordinateText.parse(text) {
            case .success(let coordinate):
                coordinatesProblem = nil
                typing.request { [weak self] in self?.draft.move(to: coordinate) }
            case .failure(let problem):
                coordinatesProblem = problem
                typing.cancel()
            }
            publish()  // the text and its problem are this form's own, whether or not the draft moved
        case .save:
            guard state.latest?.canSave == true else { return }
            if typing.isPending, case .success(let coordinate) = CoordinateText.parse(coordinatesText) {
                typing.cancel()
                draft.move(to: coordinate)
            }
            isFinished = true
            var place = draft.place
            place.name = place.name.trimmingCharacters(in: .whitespacesAndNewlines)
            place.link = place.link.trimmingCharacters(in: .whitespaces)
            coordinator?.handle(.finishEditing(place))
        case .cancel:
            typing.cancel()
            isFinished = true
            coordinator?.handle(.finishEditing(nil))
        }
    }

    public func placeDraftDidChange(moved: Bool) {
        // Moved from elsewhere (the marker dragged): the field shows where the place is now.
        if moved, (try? CoordinateText.parse(coordinatesText).get()) != draft.place.coordinate {
            typing.cancel()  // the marker dragged wins over a position typed just before
            coordinatesText = CoordinateText.format(draft.place.coordinate)
            coordinatesProblem = nil
        }
        publish()
    }

    private func publish() {
        let place = draft.place
        let nameProblem = Self.nameProblem(place.name)
        let linkProblem = Self.linkProblem(place.link)
        let notesProblem = place.notes.count > Self.notesLimit
            ? tr("Notes can be at most {count} characters long.", ["count": String(Self.notesLimit)]) : nil
        let valid = nameProblem == nil && coordinatesProblem == nil && linkProblem == nil && notesProblem == nil
        state.publish(PlaceEditorState(
            title: draft.isNew ? tr("New Place") : tr("Edit Place"), name: place.name, kinds: kinds.map(\.displayName),
            kindIndex: kinds.firstIndex(of: place.category) ?? kinds.count - 1, notes: place.notes, link: place.link,
            coordinates: coordinatesText, position: place.coordinate, nameProblem: nameProblem,
            coordinatesProblem: coordinatesProblem?.description,
            linkProblem: linkProblem, notesProblem: notesProblem,
            canSave: valid && (draft.isNew || place != draft.original)
        ))
    }

    /// Nil for a name that can be saved: any text that is not blank, up to `nameLimit` characters.
    static func nameProblem(_ name: String) -> String? {
        if name.allSatisfy(\.isWhitespace) { return tr("Give the place a name.") }
        if name.count > nameLimit { return tr("A name can be at most {count} characters long.", ["count": String(nameLimit)]) }
        return nil
    }

    /// Nil for an empty link or a web address (`http` or `https`, with a host).
    static func linkProblem(_ link: String) -> String? {
        let trimmed = link.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.count <= nameLimit, let url = URL(string: trimmed), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              !(url.host ?? "").isEmpty
        else { return tr("A link must be a web address starting with https:// or http://.") }
        return nil
    }
}
