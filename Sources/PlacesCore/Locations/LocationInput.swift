import Foundation

/// What a search text or a link handed to the app is: a point, words to look up by name, or a link
/// that is meant as a point but cannot be read (with why, for the person who pasted it).
public enum LocationInput: Equatable, Sendable {
    case point(LocationLink)
    case words(String)
    case unreadable(LocationLinkProblem)

    /// Reads `text`. Short Plus Codes ("QXQQ+XX") are completed near `reference` (the map's centre).
    public static func read(_ text: String, near reference: Coordinate) -> LocationInput {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = trimmed.lowercased()
        if lower.hasPrefix("geo:") { return GeoURI.read(trimmed) }
        if let link = WebMapLink.read(trimmed) { return link }
        if let code = plusCode(trimmed, near: reference) { return code }
        if trimmed.contains(where: \.isNumber), let point = coordinates(trimmed) { return point }
        return .words(trimmed)
    }

    /// Two numbers read as coordinates; `[lon, lat]` in brackets (GeoJSON's order) is read longitude
    /// first, and so is a pair whose first value can only be a longitude. Out-of-range pairs that are
    /// plainly two numbers are unreadable rather than words.
    static func coordinates(_ text: String) -> LocationInput? {
        if text.hasPrefix("["), text.hasSuffix("]") {
            let inner = text.dropFirst().dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if inner.count >= 2, let longitude = Double(inner[0]), let latitude = Double(inner[1]) {
                return checked(Coordinate(latitude: latitude, longitude: longitude), form: .coordinates)
            }
        }
        switch CoordinateText.parse(text) {
        case .success(let coordinate):
            return .point(LocationLink(coordinate: coordinate, form: .coordinates))
        case .failure(.latitudeOutOfRange):
            // "151.21, -33.86": a longitude first, since it cannot be a latitude.
            if case .success(let swapped) = CoordinateText.parse(plainPairSwapped(text) ?? "") {
                return .point(LocationLink(coordinate: swapped, form: .coordinates))
            }
            return .unreadable(.coordinates(.latitudeOutOfRange))
        case .failure(.notTwoValues):
            return nil
        case .failure(let problem):
            return .unreadable(.coordinates(problem))
        }
    }

    /// "a, b" as "b, a" when the text is just two signed decimal numbers.
    private static func plainPairSwapped(_ text: String) -> String? {
        guard let match = text.wholeMatch(of: #/\s*([-+]?\d+(?:\.\d+)?)\s*[, ]\s*([-+]?\d+(?:\.\d+)?)\s*/#) else { return nil }
        return "\(match.2), \(match.1)"
    }

    static func checked(_ coordinate: Coordinate, form: LocationLink.Form, zoom: Double? = nil, label: String? = nil, uncertainty: Double? = nil) -> LocationInput {
        guard (-90...90).contains(coordinate.latitude) else { return .unreadable(.coordinates(.latitudeOutOfRange)) }
        guard (-180...180).contains(coordinate.longitude) else { return .unreadable(.coordinates(.longitudeOutOfRange)) }
        return .point(LocationLink(coordinate: coordinate, form: form, zoom: zoom, label: label, uncertainty: uncertainty))
    }

    /// A Plus Code as the first word: a full one as it is, a short one completed near `reference`.
    private static func plusCode(_ text: String, near reference: Coordinate) -> LocationInput? {
        guard let first = text.split(separator: " ").first.map(String.init), first.contains("+"), PlusCode.isValid(first) else { return nil }
        guard let full = PlusCode.recoverNearest(first, to: reference), let area = PlusCode.decode(full) else {
            return .unreadable(.plusCodeOutsideTheWorld(first))
        }
        return .point(LocationLink(coordinate: area.centre, form: .plusCode, label: full))
    }
}
