/// A short message that something the person did is done ("Imported 3 places from “trip”"), with at
/// most one thing they can do about it from the message itself.
public struct Notice: Equatable, Sendable {
    /// What the notice's button does.
    public enum Action: Equatable, Sendable {
        /// Undoes the step just made (`AppAction.undo`).
        case undo
        /// Shows a section's places: the map fitted to them, the list scrolled to their section.
        case show(PlaceSection)
        /// Shows everything the short message left out.
        case details(NoticeDetails)
        /// Puts back the map layer just removed.
        case restoreMapLayer(MapLayer.ID)
        /// Imports files the notice names (another app's places Places found).
        case importFiles([String])
        /// Imports what an import left out: GNOME Maps' recent places, as a source of their own.
        case importRecentPlaces(PlaceSource)

        /// The button's label (a toast reads no mnemonic).
        public var label: String {
            switch self {
            case .undo, .restoreMapLayer: tr("Undo")
            case .show: tr("Show")
            case .details: tr("Details")
            case .importFiles: tr("Import")
            case .importRecentPlaces: tr("Import Them")
            }
        }

    }

    public var message: String
    public var action: Action?

    public init(_ message: String, action: Action? = nil) {
        self.message = message
        self.action = action
    }

    /// How long the notice stays, in seconds: one with a button stays until another replaces it or its
    /// button no longer applies (0: no timeout, as libadwaita counts); one without, five seconds.
    public var seconds: Int { action == nil ? 5 : 0 }
}

/// The whole story behind a notice: what an import kept and skipped, and why.
public struct NoticeDetails: Equatable, Sendable {
    public var title: String
    /// Several lines of plain text.
    public var text: String
    /// The section whose places a "Show Places" answer shows; nil: only Close is offered.
    public var section: PlaceSection?

    public init(title: String, text: String, section: PlaceSection?) {
        self.title = title
        self.text = text
        self.section = section
    }
}
