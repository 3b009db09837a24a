/// One field of an entity, merged on its own: two devices that change different fields of one place
/// both keep their change.
public enum SyncField: String, Sendable, Hashable, CaseIterable, Comparable {
    case name, kind, position, notes, link, properties
    /// Whether a place is a favourite, or in a collection; whether a map file is shown.
    case on
    case title, path
    /// Set once, when a file is imported, a collection made or a map file added: they are listed in the order made.
    case created

    public static func < (a: SyncField, b: SyncField) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A field's value as a log writes it.
public enum SyncValue: Sendable, Hashable {
    case text(String)
    case position(latitude: Double, longitude: Double)
    case flag(Bool)
    /// A place's further properties, by key.
    case pairs([String: String])

    var text: String? {
        if case .text(let text) = self { text } else { nil }
    }

    var flag: Bool? {
        if case .flag(let flag) = self { flag } else { nil }
    }
}
