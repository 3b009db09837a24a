import Foundation

/// Makes the changes a person asks for, and keeps them in an undo history: adding, editing, moving
/// and deleting their own places, favourites, collections and what is in them, imports and removed
/// files. Every change goes to the shared `PlacesModel`, which broadcasts it like any other; undoing
/// and redoing are changes too, so every tab follows them without knowing there is a history.
///
/// Only the person's own places (`PlaceSource.mine`) can be edited or deleted; bundled and imported
/// places are read-only (a copy of one can be made with `copyToMine`).
@MainActor
public final class PlacesEditor {
    /// At most 100 steps, holding at most a million places between them (a removed file keeps its
    /// places, and so does an import undone). A file's places on the side of a step in effect are
    /// not held: they are in the model, unchanged until the step is undone (steps are undone newest
    /// first), and are taken from there then; a file of a million places is not kept twice.
    public private(set) var history = UndoStack<PlaceEdit>(limit: 100, weightLimit: 1_000_000, weight: \.weight)

    private let model: PlacesModel
    /// Where undo and redo are traced (`PLACES_TRACE`).
    private let trace: ModelTrace?

    public init(model: PlacesModel, trace: ModelTrace? = nil) {
        self.model = model
        self.trace = trace
    }

    /// Makes the change `request` asks for; returns the notice that says it was made (with Undo), or
    /// why it was not, nil when there is nothing to say (a favourite starred shows on the card).
    public func perform(_ request: PlaceEditRequest) -> Notice? {
        switch request {
        case .delete(let id):
            guard let place = model.places.place(withID: id) else { return nil }
            return delete(id) != nil ? Notice(tr("“{name}” deleted", ["name": place.shownName]), action: .undo)
                : Notice(tr("“{name}” is not one of your places and cannot be deleted.", ["name": place.shownName]))
        case .copyToMine(let id):
            return copyToMine(id).map { Notice(tr("“{name}” copied to My Places", ["name": $0.shownName]), action: .undo) }
        case .copyToCollection(let id, let collection):
            guard let copy = copyToMine(id, into: collection) else { return nil }
            let name = collection == PlaceCardState.Membership.favouritesID
                ? tr("Favourites") : model.collections.first { $0.id == collection }?.name ?? ""
            return Notice(tr("“{name}” added to My Places and to {collection}", ["name": copy.shownName, "collection": name.clipped(to: 80)]), action: .undo)
        case .setFavourite(let id, let isFavourite):
            setFavourite(id, isFavourite)
        case .setMember(let id, let collection, let isMember):
            setMember(id, of: collection, isMember)
        case .createCollection(let name, let place):
            guard createCollection(named: name, with: place.map { [$0] } ?? []) != nil else { return nil }
            return Notice(tr("Collection “{name}” created", ["name": name.clipped(to: 80)]), action: .undo)
        case .renameCollection(let id, let name):
            renameCollection(id, to: name)
        case .deleteCollection(let id):
            return deleteCollection(id).map { Notice(tr("Collection “{name}” deleted", ["name": $0.name.clipped(to: 80)]), action: .undo) }
        case .takeAlternative(let id, let alternative):
            guard let place = model.places.place(withID: id), place.isOwn, save(alternative.applied(to: place)) != nil else { return nil }
            return Notice(tr("“{name}” now has what {computer} gave it", ["name": alternative.applied(to: place).shownName, "computer": alternative.computer]),
                          action: .undo)
        }
        return nil
    }

    /// Saves `place` as one of the person's own (added when its id is new) and selects it; returns the
    /// edit, or nil when nothing differs.
    @discardableResult
    public func save(_ place: Place) -> PlaceEdit? {
        var place = place
        place.source = PlaceSource.mineID
        let before = kept(place.id)
        guard before?.place != place else { return nil }
        return make(.place(before: before, after: .init(place: place, isFavourite: before?.isFavourite ?? false)))
    }

    /// Deletes the person's own place `id`; nil when it is not one.
    @discardableResult
    public func delete(_ id: Place.ID) -> PlaceEdit? {
        guard let before = kept(id), before.place.isOwn else { return nil }
        return make(.place(before: before, after: nil))
    }

    /// Adds a copy of the place `id` to the person's own places, named, placed and of the same kind;
    /// its one-line summary becomes the start of its notes (which the person can edit, and the library
    /// keeps); properties read from a file stay with the original. Returns the copy.
    @discardableResult
    public func copyToMine(_ id: Place.ID) -> Place? {
        guard let copy = copy(of: id) else { return nil }
        save(copy)
        return model.places.place(withID: copy.id)
    }

    /// Adds a copy of the place `id` (a found one too) to My Places and puts it in `collection`, or among
    /// the favourites for `PlaceCardState.Membership.favouritesID`: one step of the history. Returns the copy.
    @discardableResult
    public func copyToMine(_ id: Place.ID, into collection: PlaceCollection.ID) -> Place? {
        guard let copy = copy(of: id) else { return nil }
        let favourite = collection == PlaceCardState.Membership.favouritesID
        guard favourite || kept(collection: collection) != nil else { return nil }
        let added = PlaceEdit.place(before: nil, after: .init(place: copy, isFavourite: favourite))
        make(favourite ? added : .together([added, .membership(copy.id, collection, isMember: true)]))
        model.select(copy.id)
        return model.places.place(withID: copy.id)
    }

    /// A copy of the place `id` for My Places: named, placed and of the same kind, its one-line summary
    /// the start of its notes; properties read from a file stay with the original.
    private func copy(of id: Place.ID) -> Place? {
        guard let original = model.place(withID: id) else { return nil }
        let notes = [original.summary, original.notes].filter { !$0.isEmpty }.joined(separator: "\n")
        return Place(id: Self.newID(), name: original.name, category: original.category, coordinate: original.coordinate,
                     source: PlaceSource.mineID, notes: notes, link: original.link)
    }

    public func setFavourite(_ id: Place.ID, _ isFavourite: Bool) {
        guard model.places.slot(of: id) != nil, model.favourites.contains(id) != isFavourite else { return }
        make(.favourite(id, isFavourite: isFavourite))
    }

    /// Adds `places` read from `source`'s file, with those among them in `favourites` marked, as one
    /// step (a file imported again replaces its places). `undoable: false` for what the app restores by
    /// itself (files remembered from the last run), which the person did not just do.
    /// `groups`, the lists the file puts them in, become collections in the same step (see `collect`).
    public func importPlaces(_ places: [Place], shapes: [PlaceShape] = [], groups: ImportGroups = ImportGroups(), from source: PlaceSource,
                             favourites: Set<Place.ID>, undoable: Bool) {
        let before = kept(source: source.id)
        let position = before?.position ?? model.sources.count
        let after = PlaceEdit.KeptSource(source: source, places: places, shapes: shapes, favourites: favourites, position: position)
        let edit = PlaceEdit.source(before: before, after: after)
        guard undoable else { return apply(edit) }
        let collected = collect(groups)
        make(collected.isEmpty ? edit : .together([edit] + collected))
    }

    /// Adds places of `source`'s file while the rest of it is still read, those among them in
    /// `favourites` marked; the file becomes one step of the undo history when `finishImport` ends it.
    /// Only for a file not loaded yet (one imported again changes in one go: `importPlaces`).
    /// `expectingMore` places still to come have room made for them now.
    public func importPortion(_ places: [Place], from source: PlaceSource, favourites: Set<Place.ID>, expectingMore: Int = 0) {
        model.batch {
            model.append(places, to: source, expectingMore: expectingMore)
            for id in favourites { model.setFavourite(id, true) }
        }
    }

    /// Ends an import made of portions with the file's `shapes`, as one step of the undo history
    /// (unless `undoable` is false) that takes the whole file away. A file that brought nothing is
    /// not added.
    /// `groups`, the lists the file puts its places in, become collections in the same step (see `collect`).
    public func finishImport(of source: PlaceSource, shapes: [PlaceShape], groups: ImportGroups = ImportGroups(), undoable: Bool) {
        model.update(source)
        if !shapes.isEmpty { model.append([], shapes: shapes, to: source) }
        // A file just read is most often the last source: found without going through thousands.
        let sources = model.sources
        let position = sources.last?.id == source.id ? sources.count - 1 : sources.firstIndex { $0.id == source.id }
        guard undoable, let position else { return }
        let edit = PlaceEdit.source(before: nil, after: .init(source: source, places: [], favourites: [], position: position))
        let collected = collect(groups)
        for edit in collected { apply(edit) }
        history.record(collected.isEmpty ? edit : .together([edit] + collected))
    }

    /// The edits that make the file's lists collections: a list joins the person's collection of
    /// the same name (its places added after the ones it holds), or becomes a new collection. Not
    /// applied.
    private func collect(_ groups: ImportGroups) -> [PlaceEdit] {
        var position = model.collections.count
        return groups.names.compactMap { group in
            let members = groups.members(of: group)
            let name = group.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty else { return nil }
            if let index = model.collections.firstIndex(where: { $0.name == name }) {
                let before = PlaceEdit.KeptCollection(collection: model.collections[index], position: index)
                var after = before
                after.collection = PlaceCollection(id: before.collection.id, name: name, members: before.collection.members + members)
                return after == before ? nil : .collection(before: before, after: after)
            }
            defer { position += 1 }
            let collection = PlaceCollection(id: "collection/" + UUID().uuidString.lowercased(), name: name, members: members)
            return .collection(before: nil, after: .init(collection: collection, position: position))
        }
    }

    /// Takes away what portions of an import added (it was cancelled, or the file turned out to be
    /// unreadable halfway), leaving no step in the undo history.
    public func abandonImport(of source: PlaceSource.ID) {
        guard source != PlaceSource.bundledID, model.sources.contains(where: { $0.id == source }) else { return }
        model.removeSource(source)
    }

    /// Removes an imported file's source and its places, as one step.
    public func removeSource(_ id: PlaceSource.ID) {
        guard id != PlaceSource.bundledID, let before = kept(source: id) else { return }
        make(.source(before: before, after: nil))
    }

    /// Puts the library `restored` holds in place of the person's, as one step of the undo history:
    /// the files loaded, their own places, their collections and favourites become the backup's (the
    /// bundled places stay, starred as the backup says; a remembered file that is missing now stays
    /// remembered). Returns whether the step can be undone: one holding more places than the history
    /// keeps cannot. What goes is taken away from the last position back, so that undoing puts each
    /// file and collection back where it was.
    @discardableResult
    public func restore(_ restored: RestoredLibrary) -> Bool {
        let library = restored.library
        let favourites = Set(library.favourites)
        var edits: [PlaceEdit] = []
        var leaving = Set<Place.ID>()
        for source in model.sources.reversed() where !source.isBundled && source.id != PlaceSource.mineID {
            guard let kept = kept(source: source.id) else { continue }
            edits.append(.source(before: kept, after: nil))
            leaving.formUnion(kept.places.map(\.id))
        }
        for place in model.places.filter(\.isOwn) {
            edits.append(.place(before: .init(place: place, isFavourite: model.favourites.contains(place.id)), after: nil))
            leaving.insert(place.id)
        }
        edits += model.collections.enumerated().reversed().map { .collection(before: .init(collection: $1, position: $0), after: nil) }
        edits += model.favourites.filter { !leaving.contains($0) && !favourites.contains($0) }.sorted().map { .favourite($0, isFavourite: false) }
        // The backup's, in its order.
        var arriving = Set<Place.ID>()
        var position = model.sources.count { $0.isBundled || $0.id == PlaceSource.mineID }
        for (source, result) in restored.files {
            guard case .success(let read) = result else { continue }
            let starred = Set(read.places.lazy.map(\.id).filter(favourites.contains))
            edits.append(.source(before: nil, after: .init(source: source, places: read.places, shapes: read.shapes, favourites: starred, position: position)))
            arriving.formUnion(read.places.map(\.id))
            position += 1
        }
        for own in library.places where own.isUsable {
            edits.append(.place(before: nil, after: .init(place: own.place, isFavourite: favourites.contains(own.id))))
            arriving.insert(own.id)
        }
        edits += library.collections.enumerated().map { .collection(before: nil, after: .init(collection: $1, position: $0)) }
        edits += library.favourites.filter { !arriving.contains($0) && !model.favourites.contains($0) && model.places.place(withID: $0) != nil }
            .map { .favourite($0, isFavourite: true) }
        let edit = PlaceEdit.together(edits, restore: restored.backup)
        apply(edit)
        let kept = leavingAfterInModel(edit)
        history.record(kept)
        return kept.weight <= history.weightLimit
    }

    /// Takes in what another window or computer changed (`ChangesFromElsewhere`), as one step the
    /// person can undo unless `undoable` is false; nothing is selected.
    func takeIn(_ edit: PlaceEdit, undoable: Bool = true) {
        apply(edit, selecting: false)
        if undoable { history.record(leavingAfterInModel(edit)) }
    }

    /// Makes a collection named `name` (trimmed; a blank name is refused: nil) and returns its id.
    @discardableResult
    public func createCollection(named name: String, with members: [Place.ID] = []) -> PlaceCollection.ID? {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { return nil }
        let collection = PlaceCollection(id: "collection/" + UUID().uuidString.lowercased(), name: name, members: members)
        make(.collection(before: nil, after: .init(collection: collection, position: model.collections.count)))
        return collection.id
    }

    public func renameCollection(_ id: PlaceCollection.ID, to name: String) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, let before = kept(collection: id), before.collection.name != name else { return }
        var after = before
        after.collection.name = name
        make(.collection(before: before, after: after))
    }

    /// Deletes the collection `id` (its places stay where they are); returns it, nil when there is none.
    @discardableResult
    public func deleteCollection(_ id: PlaceCollection.ID) -> PlaceCollection? {
        guard let before = kept(collection: id) else { return nil }
        make(.collection(before: before, after: nil))
        return before.collection
    }

    /// Puts the place `id` into the collection, or takes it out, as one step of the undo history; nothing
    /// happens when it is so already or the collection is gone.
    public func setMember(_ id: Place.ID, of collection: PlaceCollection.ID, _ isMember: Bool) {
        guard let kept = kept(collection: collection), kept.collection.contains(id) != isMember else { return }
        make(.membership(id, collection, isMember: isMember))
    }

    /// Reverts the newest edit; returns what it was, in words ("Delete “Picnic”"), nil when there is nothing to undo.
    public func undo() -> String? {
        guard let edit = history.undo() else { return nil }
        let whole = withAfterFromModel(edit)
        apply(whole.inverse)
        history.replaceNextRedo(with: leavingAfterInModel(whole.inverse).inverse)
        trace?.undone(whole, redone: false)
        return title(of: whole)
    }

    /// Makes the edit undone last again; returns what it was, in words, nil when there is nothing to redo.
    public func redo() -> String? {
        guard let edit = history.redo() else { return nil }
        let whole = withAfterFromModel(edit.inverse).inverse
        apply(whole)
        history.replaceNextUndo(with: leavingAfterInModel(whole))
        trace?.undone(whole, redone: true)
        return title(of: whole)
    }

    /// Undoes (with `redo`, redoes) one step, and says which ("Undone: Delete “Picnic”", "Nothing to
    /// undo"); `canUndo`: a step was redone, so it can be undone again.
    public func step(redo: Bool) -> (text: String, canUndo: Bool) {
        guard let title = redo ? self.redo() : undo() else { return (redo ? tr("Nothing to redo") : tr("Nothing to undo"), false) }
        return (redo ? tr("Redone: {action}", ["action": title]) : tr("Undone: {action}", ["action": title]), redo)
    }

    /// `edit` in words, naming its place and collection as the model has them now.
    private func title(of edit: PlaceEdit) -> String {
        if case .together(let edits, nil) = edit, let first = edits.first { return title(of: first) }
        var collection = ""
        if case .membership(_, let id, _) = edit { collection = model.collections.first { $0.id == id }?.name.clipped(to: 80) ?? "" }
        return edit.title(name: model.places.place(withID: edit.subject.id)?.shownName ?? "", collection: collection)
    }

    /// A new, unique id for one of the person's own places.
    public static func newID() -> Place.ID { "mine/" + UUID().uuidString.lowercased() }

    // MARK: Applying

    @discardableResult
    private func make(_ edit: PlaceEdit) -> PlaceEdit {
        apply(edit)
        history.record(leavingAfterInModel(edit))
        return edit
    }

    /// `edit` as the history keeps it while it is in effect: a source's places, shapes and favourites
    /// after it are left to the model.
    private func leavingAfterInModel(_ edit: PlaceEdit) -> PlaceEdit {
        if case .together(let edits, let restore) = edit { return .together(edits.map(leavingAfterInModel), restore: restore) }
        guard case .source(let before, var after?) = edit else { return edit }
        after.places = []
        after.shapes = []
        after.favourites = []
        return .source(before: before, after: after)
    }

    /// `edit`, in effect, with a source's places, shapes and favourites after it read back from the model.
    private func withAfterFromModel(_ edit: PlaceEdit) -> PlaceEdit {
        if case .together(let edits, let restore) = edit { return .together(edits.map(withAfterFromModel), restore: restore) }
        guard case .source(let before, let after?) = edit, let current = kept(source: after.source.id) else { return edit }
        return .source(before: before, after: current)
    }

    /// Brings the model to the edit's `after` state, in one transaction; a place added or changed is
    /// selected, unless `selecting` is false (the places of a step of many edits).
    private func apply(_ edit: PlaceEdit, selecting: Bool = true) {
        model.batch {
            switch edit {
            case .place(_, let after?):
                model.put(after.place)
                model.setFavourite(after.place.id, after.isFavourite)
                if selecting { model.select(after.place.id) }
            case .place(let before?, nil):
                model.remove(before.place.id)
            case .place(nil, nil):
                break
            case .favourite(let id, let isFavourite):
                model.setFavourite(id, isFavourite)
            case .source(_, let after?):
                model.add(after.places, shapes: after.shapes, from: after.source, at: after.position)
                for id in after.favourites { model.setFavourite(id, true) }
            case .source(let before?, nil):
                model.removeSource(before.source.id)
            case .source(nil, nil), .collection(nil, nil):
                break
            case .collection(_, let after?):
                model.put(after.collection, at: after.position)
            case .collection(let before?, nil):
                model.removeCollection(before.collection.id)
            case .membership(let id, let collection, let isMember):
                model.setMember(id, of: collection, isMember)
            case .together(let edits, _):
                for edit in edits { apply(edit, selecting: selecting && edits.count == 1) }
            }
        }
    }

    private func kept(_ id: Place.ID) -> PlaceEdit.KeptPlace? {
        model.places.place(withID: id).map { .init(place: $0, isFavourite: model.favourites.contains(id)) }
    }

    private func kept(collection id: PlaceCollection.ID) -> PlaceEdit.KeptCollection? {
        model.collections.firstIndex { $0.id == id }.map { .init(collection: model.collections[$0], position: $0) }
    }

    private func kept(source id: PlaceSource.ID) -> PlaceEdit.KeptSource? {
        guard let position = model.sources.firstIndex(where: { $0.id == id }) else { return nil }
        let places = model.places.filter { $0.source == id }
        let favourites = Set(places.lazy.map(\.id).filter(model.favourites.contains))
        return .init(source: model.sources[position], places: places, shapes: model.shapes[id] ?? [], favourites: favourites, position: position)
    }
}
