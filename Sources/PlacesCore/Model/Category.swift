import Foundation

/// What kind of place something is. Known kinds carry a colour and a symbol for the map legend;
/// anything else is `.other`, which keeps the raw value it was read from.
public enum Category: Hashable, Sendable {
    case capital
    case city
    case airport
    case station
    case landmark
    case other(String)

    /// The known kinds, in legend order.
    public static let known: [Category] = [.capital, .city, .airport, .station, .landmark]

    /// The map legend's entries: the known kinds, then one for every other kind.
    public static let legend: [Category] = known + [.other("")]

    /// The legend entry this kind is drawn under: itself when known, else the one for other kinds.
    public var legendEntry: Category { isKnown ? self : .other("") }

    /// Whether this is one of the known kinds (not `.other`).
    public var isKnown: Bool {
        if case .other = self { false } else { true }
    }

    /// Reads a category from data (`"capital"`, `"Airport"`, `"aerodrome"`...), case-insensitively.
    public init(rawValue: String) {
        self = Self.byWord[rawValue.trimmedOfWhitespace.lowercasedASCIIFast] ?? .other(rawValue)
    }

    /// The words read as a known kind, lower-case: one look-up a place, where a `switch` over them
    /// compared a file's word with each in turn.
    private static let byWord: [String: Category] = [
        "capital": .capital, "admin-0 capital": .capital, "admin-0 capital alt": .capital,
        "city": .city, "town": .city, "populated place": .city, "admin-1 capital": .city,
        "airport": .airport, "aerodrome": .airport, "airfield": .airport,
        "station": .station, "research station": .station, "scientific station": .station,
        "landmark": .landmark, "attraction": .landmark, "monument": .landmark, "viewpoint": .landmark, "peak": .landmark,
        "summit": .landmark,
    ]

    /// The value written back to files.
    public var rawValue: String {
        switch self {
        case .capital: "capital"
        case .city: "city"
        case .airport: "airport"
        case .station: "station"
        case .landmark: "landmark"
        case .other(let raw): raw
        }
    }

    /// The kind as labels show it; a kind read from a file is cut to 60 characters.
    public var displayName: String {
        switch self {
        case .capital: tr("Capital")
        case .city: tr("City")
        case .airport: tr("Airport")
        case .station: tr("Research station")
        case .landmark: tr("Landmark")
        case .other(let raw): raw.isEmpty ? trInContext("kind", "Other") : (raw.prefix(1).uppercased() + raw.dropFirst()).clipped(to: 60)
        }
    }

    /// The plural name used for list sections.
    public var pluralName: String {
        switch self {
        case .capital: tr("Capitals")
        case .city: tr("Cities")
        case .airport: tr("Airports")
        case .station: tr("Research stations")
        case .landmark: tr("Landmarks")
        case .other: tr("Other")
        }
    }

    /// The marker colour (sRGB, 0...1), chosen from the GNOME palette.
    public var colour: RGB {
        switch self {
        case .capital: RGB(0.75, 0.11, 0.16)   // red 4
        case .city: RGB(0.38, 0.21, 0.51)      // purple 4
        case .airport: RGB(0.11, 0.44, 0.85)   // blue 4
        case .station: RGB(0.15, 0.64, 0.41)   // green 4
        case .landmark: RGB(0.90, 0.38, 0.00)  // orange 4
        case .other: RGB(0.37, 0.36, 0.39)     // dark 2
        }
    }

    /// A one-character symbol for legends and rows. None is a star: the star means a favourite.
    public var symbol: String {
        switch self {
        case .capital: "◉"
        case .city: "●"
        case .airport: "✈"
        case .station: "⚑"
        case .landmark: "▲"
        case .other: "◆"
        }
    }
}
