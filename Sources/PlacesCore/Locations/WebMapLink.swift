import Foundation

/// Links copied from web maps: OpenStreetMap (`#map=15/45.1885/5.7245`, `?mlat=…&mlon=…`) and Google
/// Maps (`/@45.1885,5.7245,15z`, a place's `!3d…!4d…`, `?q=45.18,5.72`, `?q=Grenoble` as a name search).
public enum WebMapLink {
    /// nil when `text` is not a link of either site.
    public static func read(_ text: String) -> LocationInput? {
        guard !text.contains(" ") else { return nil }
        let withScheme = text.contains("://") ? text : "https://" + text
        guard let components = URLComponents(string: withScheme), let host = components.host?.lowercased() else { return nil }
        let items = Dictionary((components.queryItems ?? []).map { ($0.name.lowercased(), $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        if host == "osm.org" || host.hasSuffix("openstreetmap.org") {
            return openStreetMap(components, items, text)
        }
        if host.hasSuffix("goo.gl") { return .unreadable(.noPosition(text)) }  // short links need the network
        if host.hasPrefix("maps.google.") || (host.contains("google.") && components.path.hasPrefix("/maps")) {
            return google(components, items, text)
        }
        return nil
    }

    /// `https://www.openstreetmap.org/?mlat=45.18850&mlon=5.72450#map=15/45.18850/5.72450`.
    public static func openStreetMap(_ coordinate: Coordinate, zoom: Int = 15) -> String {
        let latitude = GeoURI.decimal(coordinate.latitude), longitude = GeoURI.decimal(coordinate.longitude)
        return "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=\(zoom)/\(latitude)/\(longitude)"
    }

    private static func openStreetMap(_ components: URLComponents, _ items: [String: String], _ text: String) -> LocationInput {
        var zoom: Double?, view: Coordinate?
        if let fragment = components.fragment,
           let match = fragment.firstMatch(of: #/map=(\d+(?:\.\d+)?)/([-+]?\d+(?:\.\d+)?)/([-+]?\d+(?:\.\d+)?)/#),
           let latitude = Double(match.2), let longitude = Double(match.3) {
            zoom = Double(match.1)
            view = Coordinate(latitude: latitude, longitude: longitude)
        }
        if let latitude = items["mlat"].flatMap(Double.init), let longitude = items["mlon"].flatMap(Double.init) {
            return LocationInput.checked(Coordinate(latitude: latitude, longitude: longitude), form: .openStreetMap, zoom: zoom)
        }
        if let latitude = items["lat"].flatMap(Double.init), let longitude = items["lon"].flatMap(Double.init) {
            return LocationInput.checked(Coordinate(latitude: latitude, longitude: longitude), form: .openStreetMap,
                                         zoom: zoom ?? items["zoom"].flatMap(Double.init))
        }
        if let view { return LocationInput.checked(view, form: .openStreetMap, zoom: zoom) }
        return .unreadable(.noPosition(text))
    }

    private static func google(_ components: URLComponents, _ items: [String: String], _ text: String) -> LocationInput {
        let path = components.percentEncodedPath
        let label = path.firstMatch(of: #/\/maps\/place\/([^\/@]+)/#).flatMap {
            String($0.1).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        // A place's own position (`!3d…!4d…`) is more exact than the view's centre (`@…`).
        if let match = path.firstMatch(of: #/!3d([-+]?\d+(?:\.\d+)?)!4d([-+]?\d+(?:\.\d+)?)/#),
           let latitude = Double(match.1), let longitude = Double(match.2) {
            return LocationInput.checked(Coordinate(latitude: latitude, longitude: longitude), form: .googleMaps,
                                         zoom: viewZoom(path), label: label)
        }
        if let match = path.firstMatch(of: #/@([-+]?\d+(?:\.\d+)?),([-+]?\d+(?:\.\d+)?)/#),
           let latitude = Double(match.1), let longitude = Double(match.2) {
            return LocationInput.checked(Coordinate(latitude: latitude, longitude: longitude), form: .googleMaps,
                                         zoom: viewZoom(path), label: label)
        }
        for key in ["q", "query", "ll", "center"] {
            guard let value = items[key], !value.isEmpty else { continue }
            if let match = value.wholeMatch(of: #/\s*([-+]?\d+(?:\.\d+)?)\s*,\s*([-+]?\d+(?:\.\d+)?)\s*/#),
               let latitude = Double(match.1), let longitude = Double(match.2) {
                return LocationInput.checked(Coordinate(latitude: latitude, longitude: longitude), form: .googleMaps,
                                             zoom: items["z"].flatMap(Double.init))
            }
            if key == "q" || key == "query" { return .words(value) }
        }
        return .unreadable(.noPosition(text))
    }

    /// The `,15z` after a Google Maps view's centre.
    private static func viewZoom(_ path: String) -> Double? {
        path.firstMatch(of: #/@[-+]?\d+(?:\.\d+)?,[-+]?\d+(?:\.\d+)?,(\d+(?:\.\d+)?)z/#).flatMap { Double($0.1) }
    }
}
