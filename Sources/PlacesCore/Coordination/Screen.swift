/// What the window shows at the top level: which tab, what is up at the bottom (the place card, the
/// place editor's session, or nothing), and the import under way in the header bar. The coordinator
/// derives it from its state in one place and hands it to the `Shell` whole.
public struct Screen: Equatable, Sendable {
    /// What stands under the map and the list.
    public enum Bottom: Equatable, Sendable {
        case nothing
        case card
        case editor(PlaceEditorViewModel)

        public static func == (lhs: Bottom, rhs: Bottom) -> Bool {
            switch (lhs, rhs) {
            case (.nothing, .nothing), (.card, .card): true
            case (.editor(let a), .editor(let b)): a === b
            default: false
            }
        }
    }

    public var tab: Tab
    public var bottom: Bottom
    /// The file being imported and how far it has got; nil when nothing is.
    public var activity: ImportActivity?

    public init(tab: Tab, bottom: Bottom = .nothing, activity: ImportActivity? = nil) {
        self.tab = tab
        self.bottom = bottom
        self.activity = activity
    }

    public var showsCard: Bool { bottom == .card }

    /// The editor's session, when the editor is up.
    public var editor: PlaceEditorViewModel? {
        if case .editor(let session) = bottom { session } else { nil }
    }
}
