/// The app's own preferences, kept in `settings.ini` beside the profile: the colour scheme, the last
/// export's format, where the library is kept, and what Places has offered once and never asks again.
public struct Settings: Equatable, Sendable {
    public var style: StylePreference
    /// Whether importing GNOME Maps' favourites was offered (at the first launch that found its file).
    public var offeredGNOMEMapsPlaces: Bool
    /// The format the last export was written in, offered first for the next.
    public var exportFormat: ExportFormat
    /// The folder the library is kept in, when the person chose one (one a sync engine carries to
    /// their other computers); nil: the standard place, `$XDG_DATA_HOME/places`.
    public var libraryFolder: String?

    public init(style: StylePreference = .system, offeredGNOMEMapsPlaces: Bool = false, exportFormat: ExportFormat = .geoJSON, libraryFolder: String? = nil) {
        self.style = style
        self.offeredGNOMEMapsPlaces = offeredGNOMEMapsPlaces
        self.exportFormat = exportFormat
        self.libraryFolder = libraryFolder
    }
}
