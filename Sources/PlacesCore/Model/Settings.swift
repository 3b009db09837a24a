/// The app's own preferences, kept in `settings.ini` beside the profile: the colour scheme, the last
/// export's format, and what Places has offered once and never asks again.
public struct Settings: Equatable, Sendable {
    public var style: StylePreference
    /// Whether importing GNOME Maps' favourites was offered (at the first launch that found its file).
    public var offeredGNOMEMapsPlaces: Bool
    /// The format the last export was written in, offered first for the next.
    public var exportFormat: ExportFormat

    public init(style: StylePreference = .system, offeredGNOMEMapsPlaces: Bool = false, exportFormat: ExportFormat = .geoJSON) {
        self.style = style
        self.offeredGNOMEMapsPlaces = offeredGNOMEMapsPlaces
        self.exportFormat = exportFormat
    }
}
