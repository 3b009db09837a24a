import Foundation

/// A place found outside the library: a town or an airport of the gazetteer, a point of interest of
/// a vector map, or a point that a search text, a link or "What's here?" names. The map shows it with a pin and the card describes it until
/// something else is selected; it joins the library only when the person adds it.
public enum FoundPlace: Equatable, Sendable {
    case gazetteer(GazetteerPlace)
    case point(LocationLink)
    /// A point of interest of a vector map (a café, a museum), with what its tile says of it.
    case mapFeature(StreetFeature)

    /// The source id found places carry: no file, never saved.
    public static let sourceID: PlaceSource.ID = "found"
    /// Ids of found places start with this; no file or own place has such an id.
    public static let idPrefix = "found:"

    public var id: Place.ID {
        switch self {
        case .gazetteer(let place): "\(Self.idPrefix)gazetteer:\(place.index)"
        case .point(let link): "\(Self.idPrefix)point:\(GeoURI.decimal(link.coordinate.latitude)),\(GeoURI.decimal(link.coordinate.longitude))"
        case .mapFeature(let feature):
            "\(Self.idPrefix)\(feature.layer):\(feature.id.map(String.init) ?? feature.name):\(GeoURI.decimal(feature.coordinate.latitude)),\(GeoURI.decimal(feature.coordinate.longitude))"
        }
    }

    public var coordinate: Coordinate {
        switch self {
        case .gazetteer(let place): place.coordinate
        case .point(let link): link.coordinate
        case .mapFeature(let feature): feature.coordinate
        }
    }

    /// The found place as a place: what the card, the pin and "Add to My Places" read. A town's region,
    /// country and population are its summary, so that a copy in My Places keeps them in its notes.
    public func place(numbers: LocalizedNumbers) -> Place {
        switch self {
        case .gazetteer(let found):
            let people = found.population > 0
                ? trPlural("{count} inhabitant", "{count} inhabitants", count: found.population, ["count": numbers.count(found.population)]) : ""
            return Place(id: id, name: found.name, category: found.kind == .airport ? .airport : .city, coordinate: found.coordinate,
                         summary: [found.whereAbouts, people].filter { !$0.isEmpty }.joined(separator: " · "), source: Self.sourceID)
        case .point(let link):
            // Its kind is "Location": what a screen reader says of its pin, and what a copy in My Places is.
            return Place(id: id, name: link.label ?? tr("Dropped Pin"), category: .other(tr("Location")), coordinate: link.coordinate,
                         source: Self.sourceID)
        case .mapFeature(let feature):
            // Every attribute the tile gives is kept, so that a copy in My Places writes them out again.
            return Place(id: id, name: feature.name, category: feature.category, coordinate: feature.coordinate, summary: feature.summary,
                         source: Self.sourceID, properties: PlaceProperties(feature.attributes.map { (key: $0.key, value: $0.value) }),
                         link: feature.website ?? "")
        }
    }
}
