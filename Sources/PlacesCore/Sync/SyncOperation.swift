/// One change to one entity, as a line of a device's log holds it: fields set (only those that
/// changed), or the entity deleted.
///
/// Written as a small JSON object naming the entity by its kind: `{"place":"mine/3","name":"Lunch"}`,
/// `{"place":"mine/3","deleted":true}`, `{"favourite":"bundled/Q90","on":true}`,
/// `{"member":"mine/3","collection":"c1","on":false}`, `{"layer":"~/Maps/alps.mbtiles","on":true,"created":true}`.
public struct SyncOperation: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        case set([SyncField: SyncValue])
        case delete
    }

    public var key: SyncKey
    public var change: Change

    public init(_ entity: SyncEntity, _ id: String, _ change: Change) {
        key = SyncKey(entity, id)
        self.change = change
    }

    /// The id of the entity saying whether `place` is in `collection`.
    public static func memberID(collection: String, place: String) -> String {
        collection + "\u{1F}" + place
    }

    /// The collection and place of a member's id.
    static func memberParts(_ id: String) -> (collection: String, place: String)? {
        guard let separator = id.firstIndex(of: "\u{1F}") else { return nil }
        return (String(id[..<separator]), String(id[id.index(after: separator)...]))
    }
}

/// Written by `SyncLog.line`, read by `SyncCommitReader`.
extension SyncOperation: Encodable {
    private enum Keys: String, CodingKey {
        case place, favourite, source, collection, member, layer, deleted
        case name, kind, position, notes, link, properties, on, title, path, created
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        if key.entity == .member, let parts = Self.memberParts(key.id) {
            try container.encode(parts.place, forKey: .member)
            try container.encode(parts.collection, forKey: .collection)
        } else {
            try container.encode(key.id, forKey: Keys(rawValue: key.entity.rawValue)!)
        }
        switch change {
        case .delete:
            try container.encode(true, forKey: .deleted)
        case .set(let fields):
            for (field, value) in fields {
                let key = Keys(rawValue: field.rawValue)!
                switch value {
                case .text(let text): try container.encode(text, forKey: key)
                case .flag(let flag): try container.encode(flag, forKey: key)
                case .position(let latitude, let longitude): try container.encode([latitude, longitude], forKey: key)
                case .pairs(let pairs): try container.encode(pairs, forKey: key)
                }
            }
        }
    }
}
