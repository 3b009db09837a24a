/// What the window asks when it needs a name from the person: "New Collection", with a button to confirm.
public struct NameQuestion: Equatable, Sendable {
    public var title: String
    /// The confirming button's label, with its mnemonic ("_Create").
    public var confirm: String
    /// The name the field starts with (the current one, when renaming).
    public var initial: String

    public init(title: String, confirm: String, initial: String = "") {
        self.title = title
        self.confirm = confirm
        self.initial = initial
    }
}
