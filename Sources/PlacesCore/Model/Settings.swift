/// The app's own preferences, kept in `settings.ini` beside the profile: the colour scheme, and what
/// Places has offered once and never asks again.
public struct Settings: Equatable, Sendable {
    public var style: StylePreference
    /// Whether importing GNOME Maps' favourites was offered (at the first launch that found its file).
    public var offeredGNOMEMapsPlaces: Bool

    public init(style: StylePreference = .system, offeredGNOMEMapsPlaces: Bool = false) {
        self.style = style
        self.offeredGNOMEMapsPlaces = offeredGNOMEMapsPlaces
    }
}
