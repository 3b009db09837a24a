import Foundation

/// `geo:` URIs (RFC 5870): `geo:48.8584,2.2945`, with an altitude, `;crs=wgs84` and `;u=35` (metres),
/// and the additions Android and GNOME Maps use: `?z=15` for a zoom and `?q=48.85,2.29(Tour Eiffel)`
/// for a labelled point (`geo:0,0?q=Grenoble` is a search by name).
public enum GeoURI {
    public static func read(_ text: String) -> LocationInput {
        guard text.lowercased().hasPrefix("geo:") else { return .unreadable(.geoCoordinates(text)) }
        let body = text.dropFirst(4)
        let pathEnd = body.firstIndex(of: "?") ?? body.endIndex
        let path = body[..<pathEnd]
        let query = pathEnd < body.endIndex ? body[body.index(after: pathEnd)...] : ""
        let parameters = path.split(separator: ";", omittingEmptySubsequences: false)
        let values = parameters[0].split(separator: ",", omittingEmptySubsequences: false).map { Double(decoded($0, plusIsSpace: false)) }
        guard (2...3).contains(values.count), let latitude = values[0], let longitude = values[1],
              values.allSatisfy({ $0?.isFinite == true }) else { return .unreadable(.geoCoordinates(text)) }
        var uncertainty: Double?
        for parameter in parameters.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { decoded($0, plusIsSpace: false) }
            switch pair.first?.lowercased() {
            case "crs" where pair.count == 2 && pair[1].lowercased() != "wgs84": return .unreadable(.geoSystem(pair[1]))
            case "u" where pair.count == 2: uncertainty = Double(pair[1]).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
            default: continue
            }
        }
        var zoom: Double?, label: String?
        var coordinate = Coordinate(latitude: latitude, longitude: longitude)
        for item in query.split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1).map { decoded($0) }
            guard pair.count == 2 else { continue }
            switch pair[0].lowercased() {
            case "z": zoom = Double(pair[1]).flatMap { $0.isFinite ? min(max($0, 0), 21) : nil }
            case "q":
                if let point = labelledPoint(pair[1]) {
                    coordinate = point.coordinate
                    label = point.label
                } else if latitude == 0, longitude == 0 {
                    return .words(pair[1])
                } else {
                    label = pair[1]
                }
            default: continue
            }
        }
        return LocationInput.checked(coordinate, form: .geoURI, zoom: zoom, label: label, uncertainty: uncertainty)
    }

    /// `geo:48.85840,2.29450`: five decimals (about a metre), trailing zeros dropped.
    public static func format(_ coordinate: Coordinate) -> String {
        "geo:\(decimal(coordinate.latitude)),\(decimal(coordinate.longitude))"
    }

    /// Degrees with at most five decimals and no trailing zeros, "." as separator whatever the locale.
    static func decimal(_ value: Double) -> String {
        var text = String(format: "%.5f", locale: Locale(identifier: "en_US_POSIX"), value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// "48.85,2.29" or "48.85,2.29(Tour Eiffel)".
    private static func labelledPoint(_ text: String) -> (coordinate: Coordinate, label: String?)? {
        guard let match = text.wholeMatch(of: #/\s*([-+]?\d+(?:\.\d+)?)\s*,\s*([-+]?\d+(?:\.\d+)?)\s*(?:\((.*)\))?\s*/#),
              let latitude = Double(match.1), let longitude = Double(match.2) else { return nil }
        return (Coordinate(latitude: latitude, longitude: longitude), match.3.map(String.init).flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Percent-decoded; in the query, "+" is a space (as query strings write it), in the path a sign.
    private static func decoded(_ text: Substring, plusIsSpace: Bool = true) -> String {
        let spaced = plusIsSpace ? text.replacingOccurrences(of: "+", with: " ") : String(text)
        return spaced.removingPercentEncoding ?? spaced
    }
}
