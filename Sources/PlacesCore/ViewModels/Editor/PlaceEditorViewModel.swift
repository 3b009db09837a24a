import Foundation
import Multicast

/// The place editor's view-model, for one editing session: a new place or one of the person's own.
/// It checks each field as it is typed and, on Save, hands the finished place to the coordinator,
/// which saves it through the undo history; Cancel hands back nothing.
@MainActor
public final class PlaceEditorViewModel {
    public enum Input: Sendable {
        case name(String)
        /// An index into the state's `kinds`.
        case kind(Int)
        case notes(String)
        case link(String)
        case coordinates(String)
        /// The place's marker was dragged here (the map, while editing).
        case moved(Coordinate)
        /// Enter or the Save button; ignored while a field is invalid.
        case save
        case cancel
    }

    /// Longest name and link accepted, in characters (notes: `notesLimit`).
    public static let nameLimit = 1_000
    public static let notesLimit = 10_000

    public let state: Publink<PlaceEditorState>
    public weak var coordinator: (any AppCoordinating)?
    /// The id of the place being edited (a fresh one for a new place).
    public var placeID: Place.ID { draft.id }
    public let isNew: Bool

    private let original: Place
    private var draft: Place
    private let kinds: [Category]
    private var coordinatesText: String
    /// Why `coordinatesText` is not a position, nil when it is one.
    private var coordinatesProblem: CoordinateText.Problem?
    private var isFinished = false

    /// A session editing `place`; `isNew` when it is not in the model yet.
    public init(place: Place, isNew: Bool) {
        original = place
        draft = place
        self.isNew = isNew
        let custom: [Category] = place.category.isKnown || place.category.rawValue.isEmpty ? [] : [place.category]
        kinds = Category.known + custom + [.other("")]
        coordinatesText = CoordinateText.format(place.coordinate)
        state = Publink(replaysLast: true)
        publish()
    }

    public func send(_ input: Input) {
        guard !isFinished else { return }
        switch input {
        case .name(let name): draft.name = name
        case .kind(let index): if kinds.indices.contains(index) { draft.category = kinds[index] }
        case .notes(let notes): draft.notes = notes
        case .link(let link): draft.link = link
        case .coordinates(let text):
            coordinatesText = text
            switch CoordinateText.parse(text) {
            case .success(let coordinate):
                draft.coordinate = coordinate
                coordinatesProblem = nil
            case .failure(let problem):
                coordinatesProblem = problem
            }
        case .moved(let coordinate):
            draft.coordinate = coordinate
            coordinatesText = CoordinateText.format(coordinate)
            coordinatesProblem = nil
        case .save:
            guard state.latest?.canSave == true else { return }
            isFinished = true
            var place = draft
            place.name = place.name.trimmingCharacters(in: .whitespacesAndNewlines)
            place.link = place.link.trimmingCharacters(in: .whitespaces)
            coordinator?.handle(.finishEditing(place))
            return
        case .cancel:
            isFinished = true
            coordinator?.handle(.finishEditing(nil))
            return
        }
        publish()
    }

    /// The kind offered at `index` of the state's `kinds`.
    public func category(at index: Int) -> Category {
        kinds.indices.contains(index) ? kinds[index] : .other("")
    }

    private func publish() {
        let nameProblem = Self.nameProblem(draft.name)
        let linkProblem = Self.linkProblem(draft.link)
        let notesProblem = draft.notes.count > Self.notesLimit
            ? tr("Notes can be at most {count} characters long.", ["count": String(Self.notesLimit)]) : nil
        let valid = nameProblem == nil && coordinatesProblem == nil && linkProblem == nil && notesProblem == nil
        state.publish(PlaceEditorState(
            title: isNew ? tr("New Place") : tr("Edit Place"), name: draft.name, kinds: kinds.map(\.displayName),
            kindIndex: kinds.firstIndex(of: draft.category) ?? kinds.count - 1, notes: draft.notes, link: draft.link,
            coordinates: coordinatesText, position: draft.coordinate, nameProblem: nameProblem,
            coordinatesProblem: coordinatesProblem?.description,
            linkProblem: linkProblem, notesProblem: notesProblem,
            canSave: valid && (isNew || draft != original)
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
