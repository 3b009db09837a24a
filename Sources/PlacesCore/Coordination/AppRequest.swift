/// What the window and the view-models ask of the coordinator: the one way in to it.
public enum AppRequest: Sendable {
    case show(Tab)
    /// The person switched to this tab in the notebook itself.
    case tabShown(Tab)
    /// Carry out an action of the action table (a key, a menu item).
    case perform(AppAction)
    /// Import these files (dropped on the window, opened from the file manager or the command line).
    case importFiles([String])
    /// Stop the import under way; files not read yet are not imported.
    case cancelImport
    /// Remove an imported file and its places, and forget it.
    case removeSource(PlaceSource.ID)
    /// Ask where to save `export`, then write it.
    case export(SectionExport)
    /// Open the editor for a new place at `coordinate` (nil: the map's centre).
    case newPlace(at: Coordinate?)
    /// Open the editor for the person's own place `id`.
    case edit(Place.ID)
    /// The editor is done: save this place (nil: the person cancelled).
    case finishEditing(Place?)
    /// Delete the person's own place `id`, with Undo.
    case delete(Place.ID)
    /// Add an editable copy of place `id` to My Places.
    case copyToMine(Place.ID)
    case setFavourite(Place.ID, Bool)
    /// Open a web address with the desktop's handler.
    case openLink(String)
    /// Show only the places of a list section on the map (titled `title`), nil: every place again.
    case showAlone(PlacesListSectionID?, title: String)
    /// Ask a name for a new collection, make it, and put the place `id` in it (nil: no place).
    case newCollection(adding: Place.ID?)
    /// Ask a new name for the collection.
    case renameCollection(PlaceCollection.ID)
    /// Delete the collection, with Undo.
    case deleteCollection(PlaceCollection.ID)
    /// Put the place into the collection (`isMember`), or take it out.
    case setMember(Place.ID, of: PlaceCollection.ID, Bool)
    /// Take a map file's layer off the map and forget it, with Undo.
    case removeMapLayer(MapLayer.ID)
    /// The tiles of the map `layer` cannot be shown, for this reason (said once per layer).
    case tilesFailed(layer: String, reason: String)
    /// The person pressed a notice's button (or a details dialog's "Show Places").
    case noticeAction(Notice.Action)
}

/// Whoever answers `AppRequest`s: the coordinator (tests use a recording one).
@MainActor
public protocol AppCoordinating: AnyObject {
    func handle(_ request: AppRequest)
}
