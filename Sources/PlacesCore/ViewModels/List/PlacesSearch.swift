/// The list's search: one key per place (its name, kind and description, folded so that case and
/// accents do not count), matched against the words typed. A large index builds the next snapshots
/// of its segments off the main thread, one at a time, and answers meanwhile from the old ones and
/// the keys changed since; a second after places last changed, the keys still changed since go
/// into snapshots too.
@MainActor
final class PlacesSearch {
    /// From this many places on, snapshots are built off the main thread.
    private static let rebuildElsewhereFrom = 50_000

    private var index = LiveSearchIndex()
    private var snapshots: SnapshotSchedule<LiveSearchIndex.Plan, LiveSearchIndex.Built>!

    init(pacer: any FramePacing, clock: AppClock) {
        snapshots = SnapshotSchedule(pacer: pacer, clock: clock, plan: { [unowned self] isQuiet in
            guard index.rebuildsElsewhere else { return nil }
            return isQuiet ? index.planTidying() : index.planSnapshot()
        }, build: LiveSearchIndex.snapshot(of:), install: { [unowned self] built in
            SnapshotBuilder.discard(index.install(built))
        })
    }

    /// What a place is found by: its name, kind (as a label and as a section names it) and summary.
    nonisolated static func key(for place: Place) -> SearchKey {
        key(name: SearchKey(place.name), kind: kindKey(place.category), summary: place.summary)
    }

    /// `key(for:)` of a place whose name and kind are folded already.
    nonisolated static func key(name: SearchKey, kind: SearchKey, summary: String) -> SearchKey {
        SearchKey(joining: [name, kind], thenFolding: summary)
    }

    nonisolated static func kindKey(_ category: Category) -> SearchKey {
        SearchKey("\(category.displayName) \(category.pluralName)")
    }

    /// Folds many places' names and keys, each name once (the list orders by it too) and each kind
    /// once: the places of a file share a few kinds, whose names are translated. Folding each place's
    /// whole text, name twice, took a sixth of the main thread's time importing a million places.
    struct Folding {
        private var kinds: [Category: SearchKey] = [:]

        mutating func keys(of place: Place) -> (name: SearchKey, key: SearchKey) {
            let name = SearchKey(place.name)
            // The category taken out first: a closure that read it from the place held a copy of the place.
            let category = place.category
            let kind = kinds[category] ?? {
                let folded = PlacesSearch.kindKey(category)
                kinds[category] = folded
                return folded
            }()
            return (name, PlacesSearch.key(name: name, kind: kind, summary: place.summary))
        }
    }

    /// Sets the keys of slots (nil: the slot is empty now), among `slotCount` slots.
    func update(_ changes: [(slot: Int, key: SearchKey?)], slotCount: Int) {
        index.rebuildsElsewhere = slotCount >= Self.rebuildElsewhereFrom
        index.update(changes)
        snapshots.indexChanged(waitsForQuiet: index.rebuildsElsewhere)
    }

    /// Which slots match every one of `tokens`.
    func matches(_ tokens: [SearchKey]) -> SlotBits {
        index.matches(tokens)
    }
}
