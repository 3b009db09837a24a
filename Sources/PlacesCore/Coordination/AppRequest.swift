/// What the window, the view-models and the app's helpers (keepers, the layer list) ask of the
/// coordinator: the one way in to it.
public enum AppRequest: Sendable {
    case show(Tab)
    /// The person switched to this tab in the notebook itself.
    case tabShown(Tab)
    /// Carry out an action of the action table (a key, a menu item).
    case perform(AppAction)
    /// Open these files (dropped on the window, opened from the file manager or the command line):
    /// map files become layers, the others are imported as places.
    case importFiles([String])
    /// Import these remembered files again, quietly (another instance of Places added them).
    case importRemembered([PlaceSource])
    /// Stop the import under way; files not read yet are not imported.
    case cancelImport
    /// Remove an imported file and its places, and forget it.
    case removeSource(PlaceSource.ID)
    /// Ask where to save `export`, then write it.
    case export(SectionExport)
    /// Open the editor for a new place at `coordinate` (nil: the map's centre).
    case newPlace(at: Coordinate?)
    /// Open the editor for the person's own place `id`.
    case editPlace(Place.ID)
    /// The editor is done: save this place (nil: the person cancelled).
    case finishEditing(Place?)
    /// Change the places (`PlacesEditor.perform`), and say so.
    case edit(PlaceEditRequest)
    /// Keep the value the person's own place shows, and forget the one another computer gave it.
    case keepShown(Place.ID, instead: PlaceAlternative)
    /// Open a web address with the desktop's handler.
    case openLink(String)
    /// Put this text on the clipboard (a place shared), and say so.
    case copy(String)
    /// Show what a link handed to the app names (`geo:`, a web map link): its point's card, or why not.
    case openLocation(String)
    /// Show only the places of a list section on the map (titled `title`), nil: every place again.
    case showAlone(PlaceSection?, title: String)
    /// Ask a name for a new collection, make it, and put the place `id` in it (nil: no place).
    case newCollection(adding: Place.ID?)
    /// Ask a new name for the collection.
    case renameCollection(PlaceCollection.ID)
    /// Tell the person this (a removed map with its Undo, a file that could not be saved).
    case tell(Message)
    /// The person pressed a notice's button (or a details dialog's "Show Places").
    case noticeAction(Notice.Action)
}

/// Whoever answers `AppRequest`s: the coordinator (tests use a recording one).
@MainActor
public protocol AppCoordinating: AnyObject {
    func handle(_ request: AppRequest)
}
