import CGtk
import PlacesCore

/// What the About window says about Places: who made it, and where its data comes from.
@MainActor
enum AboutPlaces {
    static var window: AboutWindow {
        // The app's icon lies beside the bundled data, for a Places run from the source tree.
        if let bundled = BundledData.locate() { IconTheme.findIcon(PlacesApplication.id, in: bundled.directory.path) }
        return AboutWindow(
            name: "Places", version: PlacesApplication.version, developer: tr("The Places authors"),
            comments: tr("Explore places on an offline world map."),
            iconName: PlacesApplication.id,
            credits: [(tr("Map and place data"), [
                "Natural Earth https://www.naturalearthdata.com",
                "airportsdata https://github.com/mborsetti/airportsdata",
                "GeoNames https://www.geonames.org",
            ])],
            legal: [
                ("Natural Earth", tr("Land, borders, cities, capitals and research stations. Public domain."), GTK_LICENSE_UNKNOWN),
                ("airportsdata", tr("Airports. © 2020- Mike Borsetti, © 2014 mwgg"), GTK_LICENSE_MIT_X11),
                ("GeoNames", tr("The towns of 500 people or more that search finds, and their regions. Creative Commons Attribution 4.0."),
                 GTK_LICENSE_UNKNOWN),
            ]
        )
    }
}
