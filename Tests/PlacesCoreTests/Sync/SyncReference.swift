import PlacesCore

/// The library a set of commits makes, computed by brute force and order-free, independently of
/// `SyncReplica`: each field takes the value of the latest edit by the clock; an entity is there
/// when some edit of it was made without knowing of any of its deletions. Compared as plain sets.
struct SyncReference: Equatable, CustomStringConvertible {
    var places: [Place.ID: Library.OwnPlace]
    var favourites: Set<Place.ID>
    var sources: [PlaceSource.ID: PlaceSource]
    var collections: [PlaceCollection.ID: Set<Place.ID>]
    var collectionNames: [PlaceCollection.ID: String]
    /// The map files, by shared path, and whether each is shown.
    var mapFiles: [String: Bool]

    /// What `library` and the map's layer list `mapFiles` hold, in the same terms.
    init(_ library: Library, mapFiles: [MapSettings.File] = []) {
        self.mapFiles = Dictionary(uniqueKeysWithValues: mapFiles.map { ($0.path, $0.isVisible) })
        places = Dictionary(uniqueKeysWithValues: library.places.map { ($0.id, $0) })
        favourites = Set(library.favourites)
        sources = Dictionary(uniqueKeysWithValues: library.sources.map { ($0.id, $0) })
        collections = Dictionary(uniqueKeysWithValues: library.collections.map { ($0.id, Set($0.members)) })
        collectionNames = Dictionary(uniqueKeysWithValues: library.collections.map { ($0.id, $0.name) })
    }

    /// What `commits` make.
    init(commits: [SyncCommit]) {
        var sets: [SyncKey: [SyncField: (SyncCommit.Header, SyncValue)]] = [:]
        var edits: [SyncKey: [SyncCommit.Header]] = [:]
        var deletions: [SyncKey: [SyncCommit.Header]] = [:]
        var seen = Set<SyncCommit.ID>()
        for commit in commits where seen.insert(commit.id).inserted {
            for operation in commit.operations {
                switch operation.change {
                case .delete: deletions[operation.key, default: []].append(commit.header)
                case .set(let fields):
                    edits[operation.key, default: []].append(commit.header)
                    for (field, value) in fields {
                        if let kept = sets[operation.key]?[field], !commit.header.isLater(than: kept.0) { continue }
                        sets[operation.key, default: [:]][field] = (commit.header, value)
                    }
                }
            }
        }
        let present = Set(edits.compactMap { key, edits in
            edits.contains { edit in !(deletions[key] ?? []).contains { $0.knows(edit.id) } } ? key : nil
        })
        var library = Library()
        var members: [PlaceCollection.ID: [Place.ID]] = [:]
        var mapFiles: [MapSettings.File] = []
        for key in present {
            let fields = sets[key] ?? [:]
            func text(_ field: SyncField) -> String? { if case .text(let text)? = fields[field]?.1 { text } else { nil } }
            switch key.entity {
            case .place:
                guard let name = text(.name), case .position(let latitude, let longitude)? = fields[.position]?.1 else { continue }
                var properties: [String: String]?
                if case .pairs(let pairs)? = fields[.properties]?.1, !pairs.isEmpty { properties = pairs }
                library.places.append(Library.OwnPlace(id: key.id, name: name, kind: text(.kind) ?? "", latitude: latitude, longitude: longitude,
                                                       notes: text(.notes).flatMap { $0.isEmpty ? nil : $0 },
                                                       link: text(.link).flatMap { $0.isEmpty ? nil : $0 }, properties: properties))
            case .favourite:
                if case .flag(true)? = fields[.on]?.1 { library.favourites.append(key.id) }
            case .source:
                if let path = text(.path) { library.sources.append(PlaceSource(id: key.id, title: text(.title) ?? path, path: path)) }
            case .collection:
                library.collections.append(PlaceCollection(id: key.id, name: text(.name) ?? ""))
            case .member:
                guard case .flag(true)? = fields[.on]?.1, let separator = key.id.firstIndex(of: "\u{1F}") else { continue }
                members[String(key.id[..<separator]), default: []].append(String(key.id[key.id.index(after: separator)...]))
            case .layer:
                if case .flag(let shown)? = fields[.on]?.1 { mapFiles.append(MapSettings.File(path: key.id, isVisible: shown)) }
            }
        }
        library.collections = library.collections.map { PlaceCollection(id: $0.id, name: $0.name, members: members[$0.id] ?? []) }
        self.init(library, mapFiles: mapFiles)
    }

    var description: String {
        "\(places.count) places, \(favourites.count) favourites, \(sources.count) files, \(collections.count) collections, \(mapFiles.count) map files"
    }
}
