import Foundation
import PlacesCore

extension PlacesApp {
    /// The app over `places` and `profile` with every store in memory but `library`, unpaced.
    public static func inMemory(
        places: PlacesModel, profile: ProfileModel = ProfileModel(), library: any LibraryStore = InMemoryLibraryStore(),
        saves: SaveQueue = SaveQueue(), locale: Locale = Locale(identifier: "en_US")
    ) -> PlacesApp {
        PlacesApp(places: places, profile: profile,
                  stores: Stores(profile: InMemoryProfileStore(), library: library, map: InMemoryMapSettingsStore(), settings: InMemorySettingsStore()),
                  saves: saves, locale: locale)
    }
}
