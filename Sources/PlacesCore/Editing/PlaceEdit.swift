/// One change the person made to the places, as the undo history keeps it: each case holds the state
/// before and after, so undoing it is the same change with the two swapped (`inverse`).
public enum PlaceEdit: Sendable, Equatable {
    /// One of the person's own places before and after: nil before is an addition, nil after a deletion.
    case place(before: KeptPlace?, after: KeptPlace?)
    case favourite(Place.ID, isFavourite: Bool)
    /// A source with all its places: nil before is an import, nil after a removal.
    case source(before: KeptSource?, after: KeptSource?)
    /// A collection before and after, with its position: nil before is a new one, nil after a deletion.
    case collection(before: KeptCollection?, after: KeptCollection?)
    /// The place was put into the collection (`isMember`), or taken out.
    case membership(Place.ID, PlaceCollection.ID, isMember: Bool)
    /// Edits made as one step, in order: a file imported with the collections its lists became
    /// (named after the first edit), a backup restored (`restore`, naming the backup).
    indirect case together([PlaceEdit], restore: String? = nil)

    /// A place as an edit keeps it, with its favourite state (a deletion undone brings both back).
    public struct KeptPlace: Sendable, Equatable {
        public var place: Place
        public var isFavourite: Bool

        public init(place: Place, isFavourite: Bool) {
            self.place = place
            self.isFavourite = isFavourite
        }
    }

    /// A source as an edit keeps it: its places, which of them were favourites, and its position
    /// among the model's sources (so a removal undone puts its section back where it was). The undo
    /// history leaves the places of the side in effect to the model (`PlacesEditor.history`).
    public struct KeptSource: Sendable, Equatable {
        public var source: PlaceSource
        public var places: [Place]
        public var shapes: [PlaceShape] = []
        public var favourites: Set<Place.ID>
        public var position: Int
    }

    public struct KeptCollection: Sendable, Equatable {
        public var collection: PlaceCollection
        public var position: Int
    }

    /// The edit that takes the model back to where this one started.
    public var inverse: PlaceEdit {
        switch self {
        case .place(let before, let after): .place(before: after, after: before)
        case .favourite(let id, let isFavourite): .favourite(id, isFavourite: !isFavourite)
        case .source(let before, let after): .source(before: after, after: before)
        case .collection(let before, let after): .collection(before: after, after: before)
        case .membership(let place, let collection, let isMember): .membership(place, collection, isMember: !isMember)
        case .together(let edits, let restore): .together(edits.reversed().map(\.inverse), restore: restore)
        }
    }

    /// How many places it holds (what bounds the undo history's memory).
    public var weight: Int {
        switch self {
        case .place, .favourite, .membership: 1
        case .collection(let before, let after): 1 + (before?.collection.members.count ?? 0) + (after?.collection.members.count ?? 0)
        case .source(let before, let after): 1 + (before?.places.count ?? 0) + (after?.places.count ?? 0)
        case .together(let edits, _): edits.reduce(0) { $0 + $1.weight }
        }
    }

    /// What it did, for the trace ("add", "edit", "delete", "favourite", "import", "remove-source",
    /// "new-collection", "rename-collection", "delete-collection", "collect", "restore").
    public var kind: String {
        switch self {
        case .place(nil, _): "add"
        case .place(_, nil): "delete"
        case .place: "edit"
        case .favourite: "favourite"
        case .source(nil, _): "import"
        case .source: "remove-source"
        case .collection(nil, _): "new-collection"
        case .collection(_, nil): "delete-collection"
        case .collection: "rename-collection"
        case .membership: "collect"
        case .together(_, _?): "restore"
        case .together(let edits, nil): edits.first?.kind ?? ""
        }
    }

    /// The place, source or collection it is about, by id and as people know it (empty for a favourite
    /// or a membership, whose place the caller names).
    public var subject: (id: String, name: String) {
        switch self {
        case .place(let before, let after):
            let place = (after ?? before)!.place
            return (place.id, place.name)
        case .favourite(let id, _):
            return (id, "")
        case .source(let before, let after):
            let source = (after ?? before)!.source
            return (source.id, source.title)
        case .collection(let before, let after):
            let collection = (after ?? before)!.collection
            return (collection.id, collection.name)
        case .membership(let id, _, _):
            return (id, "")
        case .together(_, let backup?):
            return (backup, backup)
        case .together(let edits, nil):
            return edits.first?.subject ?? ("", "")
        }
    }
}

extension PlaceEdit {
    /// What it did, as "Undone: …" says it ("Delete “Café Sperl”"); `name` names the place a
    /// favourite or membership change is about, `collection` the collection of a membership change.
    public func title(name: String, collection: String = "") -> String {
        switch self {
        case .place(nil, let after?): tr("Add “{name}”", ["name": after.place.shownName])
        case .place(let before?, nil): tr("Delete “{name}”", ["name": before.place.shownName])
        case .place(_, let after): tr("Edit “{name}”", ["name": after?.place.shownName ?? ""])
        case .favourite(_, true): tr("Add “{name}” to Favourites", ["name": name])
        case .favourite(_, false): tr("Remove “{name}” from Favourites", ["name": name])
        case .source(nil, let after?): tr("Import “{file}”", ["file": after.source.title])
        case .source(let before, _): tr("Remove “{file}”", ["file": before?.source.title ?? ""])
        case .collection(nil, let after?): tr("New Collection “{name}”", ["name": after.collection.name])
        case .collection(let before?, nil): tr("Delete Collection “{name}”", ["name": before.collection.name])
        case .collection(let before, let after):
            tr("Rename “{old}” to “{new}”", ["old": before?.collection.name ?? "", "new": after?.collection.name ?? ""])
        case .membership(_, _, true): tr("Add “{name}” to “{collection}”", ["name": name, "collection": collection])
        case .membership(_, _, false): tr("Remove “{name}” from “{collection}”", ["name": name, "collection": collection])
        case .together(_, let backup?): tr("Restore “{file}”", ["file": backup])
        case .together(let edits, nil): edits.first?.title(name: name, collection: collection) ?? ""
        }
    }
}
