import Multicast

/// The app's preferences as the person chose them (the colour scheme in the main menu), shared by
/// `StyleViewModel`, through which the window shows and applies them, and `SettingsKeeper`, which keeps them.
@MainActor
public final class SettingsModel {
    public let delegates = MulticastDelegate<any SettingsModelDelegate>()

    public private(set) var settings = Settings()

    public init() {}

    public func setStyle(_ style: StylePreference) {
        guard style != settings.style else { return }
        settings.style = style
        delegates.invoke { $0.settingsDidChange() }
    }

    public func setExportFormat(_ format: ExportFormat) {
        guard format != settings.exportFormat else { return }
        settings.exportFormat = format
        delegates.invoke { $0.settingsDidChange() }
    }

    func setLibraryFolder(_ folder: String?) {
        guard folder != settings.libraryFolder else { return }
        settings.libraryFolder = folder
        delegates.invoke { $0.settingsDidChange() }
    }

    func noteGNOMEMapsPlacesOffered() {
        guard !settings.offeredGNOMEMapsPlaces else { return }
        settings.offeredGNOMEMapsPlaces = true
        delegates.invoke { $0.settingsDidChange() }
    }

    /// The preferences read at launch.
    func restore(_ settings: Settings) {
        guard settings != self.settings else { return }
        self.settings = settings
        delegates.invoke { $0.settingsDidChange() }
    }
}
