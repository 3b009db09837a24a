import PlacesCore

/// What the About window says about Places.
@MainActor
enum AboutPlaces {
    static var window: AboutWindow {
        AboutWindow(
            name: "Places", version: PlacesApplication.version, comments: "Explore places on an offline world map.",
            iconName: PlacesApplication.id,
            credits: [("Data", [
                "Natural Earth — land, borders, cities, capitals, research stations (public domain)",
                "airportsdata — international airports (MIT licence)",
            ])]
        )
    }
}
