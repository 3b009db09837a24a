public struct PlaceEditorState: Equatable, Sendable {
    /// "New Place" or "Edit Place".
    public var title: String
    public var name: String
    /// The kinds offered, as the drop-down lists them.
    public var kinds: [String]
    public var kindIndex: Int
    public var notes: String
    public var link: String
    /// The position as typed (decimal degrees to start with).
    public var coordinates: String
    /// The position the place would be saved at: the last valid one typed or dragged to.
    public var position: Coordinate
    /// Why the name cannot be saved; nil when fine.
    public var nameProblem: String?
    public var coordinatesProblem: String?
    public var linkProblem: String?
    public var notesProblem: String?
    /// Whether Save is sensitive: every field is valid (a new place may be saved as it is; an edit
    /// needs a change).
    public var canSave: Bool
}
