/// One change to one entity, as a line of a device's log holds it: fields set (only those that
/// changed), or the entity deleted.
///
/// Written as a small JSON object naming the entity by its kind: `{"place":"mine/3","name":"Lunch"}`,
/// `{"place":"mine/3","deleted":true}`, `{"favourite":"bundled/Q90","on":true}`,
/// `{"member":"mine/3","collection":"c1","on":false}`.
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

extension SyncOperation: Codable {
    private enum Keys: String, CodingKey {
        case place, favourite, source, collection, member, deleted
        case name, kind, position, notes, link, properties, on, title, path, created
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let entity: SyncEntity
        let id: String
        if let place = try container.decodeIfPresent(String.self, forKey: .member) {
            entity = .member
            id = Self.memberID(collection: try container.decode(String.self, forKey: .collection), place: place)
        } else if let found = [SyncEntity.place, .favourite, .source, .collection].first(where: { container.contains(Keys(rawValue: $0.rawValue)!) }) {
            entity = found
            id = try container.decode(String.self, forKey: Keys(rawValue: found.rawValue)!)
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "an operation names no place, favourite, file or collection"))
        }
        guard !id.isEmpty else { throw DecodingError.dataCorruptedError(forKey: .place, in: container, debugDescription: "an empty id") }
        if try container.decodeIfPresent(Bool.self, forKey: .deleted) == true {
            self.init(entity, id, .delete)
            return
        }
        var fields: [SyncField: SyncValue] = [:]
        for field in entity.fields {
            let key = Keys(rawValue: field.rawValue)!
            guard container.contains(key) else { continue }
            switch field {
            case .position:
                let pair = try container.decode([Double].self, forKey: key)
                guard pair.count == 2, Coordinate(latitude: pair[0], longitude: pair[1]).isValid else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a position on the Earth")
                }
                fields[field] = .position(latitude: pair[0], longitude: pair[1])
            case .properties: fields[field] = .pairs(try container.decode([String: String].self, forKey: key))
            case .on, .created: fields[field] = .flag(try container.decode(Bool.self, forKey: key))
            case .name, .kind, .notes, .link, .title, .path: fields[field] = .text(try container.decode(String.self, forKey: key))
            }
        }
        guard !fields.isEmpty else { throw DecodingError.dataCorruptedError(forKey: .deleted, in: container, debugDescription: "an operation that changes nothing") }
        self.init(entity, id, .set(fields))
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
