/// The app's own preferences, kept in `settings.ini` beside the profile: so far, the colour scheme.
public struct Settings: Equatable, Sendable {
    public var style: StylePreference

    public init(style: StylePreference = .system) {
        self.style = style
    }
}
