import Foundation

extension AppCoordinator {
    /// Restores what the person kept between launches: favourites come back as soon as their places
    /// are loaded, and each remembered file is re-imported. A remembered file that is gone is reported
    /// and stays remembered (it may be on a drive not mounted now); `removeSource(_:)` forgets it.
    /// Call it once the bundled places are shown; later changes are saved as they happen.
    public func restoreLibrary() async {
        if let problem = libraryKeeper.load() { report(error: problem) }
        restoreFavourites()
        saveLibrary()  // only writes if something changed before the load (a file opened at launch)
        let loaded = Set(placesModel.sources.map(\.id))
        let remembered = libraryKeeper.sources.filter { !loaded.contains($0.id) }
        let missing = remembered.filter { !FileManager.default.fileExists(atPath: $0.path ?? "") }
        if !missing.isEmpty {
            let names = missing.map { "\($0.title) (\($0.path ?? ""))" }.joined(separator: ", ")
            report(error: "Imported files not found: \(names). They stay remembered and load again once they are back.")
        }
        await importFiles(remembered.filter { !missing.contains($0) }.compactMap(\.path))
    }

    /// Places were loaded or removed: remembered favourites among them become favourites again.
    public func didChange(places: [Place]) {
        restoreFavourites()
    }

    /// The person changed the favourites: remembered and saved.
    public func didChange(favourites: Set<Place.ID>) {
        libraryKeeper.noteFavourites(favourites) { placesModel.place(withID: $0) != nil }
        saveLibrary()
    }

    /// A file was imported: remembered and saved.
    public func didChange(sources: [PlaceSource]) {
        libraryKeeper.noteSources(sources)
        saveLibrary()
    }

    /// Forgets a removed source in the library, with its favourites.
    func forgetSource(_ id: PlaceSource.ID) {
        libraryKeeper.forget(source: id)
        saveLibrary()
    }

    /// Favourites remembered for places that are now loaded become favourites in the model again.
    private func restoreFavourites() {
        let restorable = libraryKeeper.restorable(current: placesModel.favourites) { placesModel.place(withID: $0) != nil }
        if !restorable.isEmpty { placesModel.favourites.formUnion(restorable) }
    }

    /// Saves the library if it changed; a failure is reported once, and the app carries on in memory.
    private func saveLibrary() {
        if let problem = libraryKeeper.save() { report(error: problem) }
    }
}
