/// What a JSON value is, known from its first character.
enum JSONKind {
    case object, array, string, number, bool, null

    /// "an object", "a string"..., for messages.
    var description: String {
        switch self {
        case .null: "null"
        case .bool: tr("a boolean")
        case .number: tr("a number")
        case .string: tr("a string")
        case .array: tr("an array")
        case .object: tr("an object")
        }
    }
}
