/// Everything a person can ask of the app by name: the one table from which the window's keyboard
/// shortcuts, its menu and its shortcuts window are all built. Every action is carried out by
/// `AppCoordinator` (`handle(.perform(action))`).
public enum AppAction: String, CaseIterable, Sendable {
    case showMap = "show-map"
    case showPlaces = "show-places"
    case showProfile = "show-profile"
    case search
    /// Saves what is being edited: the place in the editor, or else the profile on its tab.
    case save
    case closeCard = "close-card"
    case importPlaces = "import"
    case openMap = "open-map"
    case exportFavourites = "export-favourites"
    case backUp = "back-up"
    case restore
    case libraryFolder = "library-folder"
    case newPlace = "new-place"
    case editPlace = "edit-place"
    case deletePlace = "delete-place"
    case undo
    case redo
    case zoomIn = "zoom-in"
    case zoomOut = "zoom-out"
    case panLeft = "pan-left"
    case panRight = "pan-right"
    case panUp = "pan-up"
    case panDown = "pan-down"
    case shortcuts
    case about
    case quit

    /// Where an action's keys work.
    public enum Reach: Sendable {
        /// Anywhere in the window, even while typing in a text field.
        case window
        /// Anywhere, once the focused widget has had the key: a text field keeps the keys it uses (Esc).
        case outsideTextFields
        /// Only while the map has keyboard focus.
        case map
    }

    /// The groups of the shortcuts window, in order.
    public enum Group: CaseIterable, Sendable {
        case general, editing, map

        public var title: String {
            switch self {
            case .general: tr("General")
            case .editing: tr("Your Places")
            case .map: tr("Map")
            }
        }
    }

    /// GTK accelerator names (`"<Control>1"`); empty for actions only the menu offers.
    public var accelerators: [String] {
        switch self {
        case .showMap: ["<Control>1"]
        case .showPlaces: ["<Control>2"]
        case .showProfile: ["<Control>3"]
        case .search: ["<Control>f"]
        case .save: ["<Control>s"]
        case .closeCard: ["Escape"]
        case .importPlaces: ["<Control>o"]
        case .exportFavourites: ["<Control><Shift>e"]
        case .newPlace: ["<Control>n"]
        case .editPlace: ["F2"]
        case .deletePlace: ["Delete"]
        case .undo: ["<Control>z"]
        case .redo: ["<Control><Shift>z"]
        case .zoomIn: ["plus", "equal", "KP_Add"]
        case .zoomOut: ["minus", "KP_Subtract"]
        case .panLeft: ["Left"]
        case .panRight: ["Right"]
        case .panUp: ["Up"]
        case .panDown: ["Down"]
        case .shortcuts: ["F1", "<Control>question"]
        case .about, .openMap, .backUp, .restore, .libraryFolder: []
        case .quit: ["<Control>q"]
        }
    }

    public var reach: Reach {
        switch self {
        case .closeCard, .editPlace, .deletePlace, .undo, .redo: .outsideTextFields
        case .zoomIn, .zoomOut, .panLeft, .panRight, .panUp, .panDown: .map
        default: .window
        }
    }

    /// What the action does, as the menu and the shortcuts window say it.
    public var title: String {
        switch self {
        case .showMap: tr("Show the Map")
        case .showPlaces: tr("Show the Places List")
        case .showProfile: tr("Show the Profile")
        case .search: tr("Search Places")
        case .save: tr("Save Changes")
        case .closeCard: tr("Close the Place Card")
        case .importPlaces: tr("Import Places…")
        case .openMap: tr("Open Map File…")
        case .exportFavourites: tr("Export Favourites…")
        case .backUp: tr("Back Up All Places…")
        case .libraryFolder: tr("Library Folder…")
        case .restore: tr("Restore…")
        case .newPlace: tr("New Place…")
        case .editPlace: tr("Edit the Selected Place")
        case .deletePlace: tr("Delete the Selected Place")
        case .undo: tr("Undo")
        case .redo: tr("Redo")
        case .zoomIn: tr("Zoom In")
        case .zoomOut: tr("Zoom Out")
        case .panLeft: tr("Move the Map Left")
        case .panRight: tr("Move the Map Right")
        case .panUp: tr("Move the Map Up")
        case .panDown: tr("Move the Map Down")
        case .shortcuts: tr("Keyboard Shortcuts")
        case .about: tr("About Places")
        case .quit: tr("Quit")
        }
    }

    public var group: Group {
        switch self {
        case .newPlace, .editPlace, .deletePlace, .undo, .redo: .editing
        default: reach == .map ? .map : .general
        }
    }

    /// The tab the action shows, for the tab actions.
    public var tab: Tab? {
        switch self {
        case .showMap: .map
        case .showPlaces: .places
        case .showProfile: .profile
        default: nil
        }
    }

    /// What the action asks of the map, for the map's own keys.
    public var mapInput: MapViewModel.Input? {
        switch self {
        case .zoomIn: .zoom(levels: 1)
        case .zoomOut: .zoom(levels: -1)
        case .panLeft: .pan(x: -1, y: 0)
        case .panRight: .pan(x: 1, y: 0)
        case .panUp: .pan(x: 0, y: -1)
        case .panDown: .pan(x: 0, y: 1)
        default: nil
        }
    }

    /// The sections of the window's main menu, in order, each a list of actions.
    public static let menu: [[AppAction]] = [[.newPlace, .importPlaces, .openMap, .exportFavourites], [.backUp, .restore, .libraryFolder], [.undo, .redo], [.shortcuts, .about]]
}
