/// What a `SyncOperation` changes: an own place, whether a place is a favourite, an imported file, a
/// collection, whether a place is in a collection, or a map file in the map's layers. Each is known by
/// a stable id (a map file's is its path as `MapFilePath` shares it).
public enum SyncEntity: String, Sendable, Hashable, CaseIterable {
    case place, favourite, source, collection, member, layer

    /// Whether every Places that reads logs knows it (the first format's entities). Operations on the
    /// others are written in a commit's `more`, which older readers skip as a member they do not know:
    /// a computer not updated yet reads the rest of the commit instead of taking the line for damage.
    var isKnownToEveryReader: Bool {
        self != .layer
    }

    /// The fields an operation on this entity may set.
    var fields: [SyncField] {
        switch self {
        case .place: [.name, .kind, .position, .notes, .link, .properties]
        case .favourite, .member: [.on]
        case .source: [.title, .path, .created]
        case .collection: [.name, .created]
        case .layer: [.on, .created]
        }
    }
}

/// An entity of the library: its kind and id (a member's id is its collection's and its place's,
/// `SyncOperation.memberID`).
public struct SyncKey: Hashable, Sendable {
    public var entity: SyncEntity
    public var id: String

    public init(_ entity: SyncEntity, _ id: String) {
        self.entity = entity
        self.id = id
    }
}
