extension SyncReplica {
    /// The library the merged commits hold: each field's winning value.
    public var library: Library {
        var places: [Library.OwnPlace] = []
        var favourites: [Place.ID] = []
        var sources: [(order: SyncCommit.Header?, source: PlaceSource)] = []
        var collections: [(order: SyncCommit.Header?, id: String, name: String)] = []
        var members: [String: [(order: SyncCommit.Header, place: Place.ID)]] = [:]
        for (key, state) in entities where exists(state) {
            switch key.entity {
            case .place:
                if let place = ownPlace(key.id, state) { places.append(place) }
            case .favourite:
                if state.value(.on)?.flag == true { favourites.append(key.id) }
            case .source:
                guard let path = state.value(.path)?.text else { continue }
                sources.append((created(state), PlaceSource(id: key.id, title: state.value(.title)?.text ?? path, path: path)))
            case .collection:
                collections.append((created(state), key.id, state.value(.name)?.text ?? ""))
            case .member:
                guard let on = state.winner(.on), on.value.flag == true,
                      let parts = SyncOperation.memberParts(key.id) else { continue }
                members[parts.collection, default: []].append((header(on.commit), parts.place))
            case .layer:
                continue  // the map's, not the library's (`mapFiles`)
            }
        }
        return Library(
            favourites: favourites,
            sources: sources.sorted { Self.precedes($0.order, $1.order, $0.source.id, $1.source.id) }.map(\.source),
            places: places,
            collections: collections.sorted { Self.precedes($0.order, $1.order, $0.id, $1.id) }.map { collection in
                let inOrder = (members[collection.id] ?? []).sorted { Self.precedes($0.order, $1.order, $0.place, $1.place) }
                return PlaceCollection(id: collection.id, name: collection.name, members: inOrder.map(\.place))
            }
        )
    }

    /// The own place `id` as the library keeps it; nil without a name or a position.
    private func ownPlace(_ id: Place.ID, _ state: EntityState) -> Library.OwnPlace? {
        guard let name = state.value(.name)?.text, case .position(let latitude, let longitude)? = state.value(.position) else { return nil }
        let notes = state.value(.notes)?.text ?? "", link = state.value(.link)?.text ?? ""
        let properties: [String: String]
        if case .pairs(let pairs)? = state.value(.properties) { properties = pairs } else { properties = [:] }
        return Library.OwnPlace(id: id, name: name, kind: state.value(.kind)?.text ?? "", latitude: latitude, longitude: longitude,
                                notes: notes.isEmpty ? nil : notes, link: link.isEmpty ? nil : link, properties: properties.isEmpty ? nil : properties)
    }

    /// The commit that made a file or collection known (when it was imported or made).
    func created(_ state: EntityState) -> SyncCommit.Header? {
        (state.winner(.created) ?? state.live.first).map { header($0.commit) }
    }

    /// Whether one listed item comes before another: made earlier by the clock, then by id.
    static func precedes(_ a: SyncCommit.Header?, _ b: SyncCommit.Header?, _ idA: String, _ idB: String) -> Bool {
        switch (a, b) {
        case let (a?, b?) where a.clock != b.clock || a.id.device != b.id.device: b.isLater(than: a)
        default: idA < idB
        }
    }
}

extension SyncReplica {
    /// `operation` with every field of its entity set, empty ones too, when it brings back an entity
    /// deleted here: the values it had before its deletion must not come back with it.
    func completingRecreation(_ operation: SyncOperation) -> SyncOperation {
        guard case .set(var fields) = operation.change, let state = entities[operation.key], !state.deletions.isEmpty, !exists(state)
        else { return operation }
        for field in operation.key.entity.fields where fields[field] == nil {
            switch state.value(field) {
            case .text?: fields[field] = .text("")
            case .pairs?: fields[field] = .pairs([:])
            case .flag?, .position?, nil: break
            }
        }
        return SyncOperation(operation.key.entity, operation.key.id, .set(fields))
    }
}
