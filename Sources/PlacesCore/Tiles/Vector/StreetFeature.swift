/// A named feature of a vector map that the map labels: a town or quarter, a point of interest, or a
/// street. A point of interest is a place a person can click: its card shows its name, its kind and
/// the tile's other attributes, and "Add to My Places" keeps them all.
///
/// A class: the labels placed on every frame of a drag hold it, and copying a reference is one
/// retain where copying its strings and attributes was several (and comparing them, longer).
public final class StreetFeature: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A city, town, suburb or quarter; rank 1 is the most important.
        case place(rank: Int)
        /// A shop, a café, a museum...; rank 1 is the most important.
        case poi(rank: Int)
        case road

        public var isPointOfInterest: Bool {
            if case .poi = self { true } else { false }
        }
    }

    public struct Attribute: Equatable, Sendable {
        public var key: String
        public var value: String
    }

    public let kind: Kind
    public let name: String
    /// Its class in the map's schema ("cafe", "primary", "suburb"), or "" when it has none.
    public let className: String
    /// Where its label stands: a point's own position, a street's middle (of its longest stretch in the tile).
    public let point: WorldPoint
    /// A street label's slope, in radians within ±π/2 (so that it never reads upside down); 0 for points.
    public let angle: Double
    /// A point of interest's attributes as the tile gives them, in its order (its name and class
    /// included; at most 64); none for towns and streets.
    public let attributes: [Attribute]
    /// The layer it comes from, and its id there (OpenStreetMap's, in OpenMapTiles and Protomaps maps).
    public let layer: String
    public let id: UInt64?

    public init(kind: Kind, name: String, className: String, point: WorldPoint, angle: Double, attributes: [Attribute], layer: String,
                id: UInt64?) {
        self.kind = kind
        self.name = name
        self.className = className
        self.point = point
        self.angle = angle
        self.attributes = attributes
        self.layer = layer
        self.id = id
    }

    public static func == (a: StreetFeature, b: StreetFeature) -> Bool {
        a === b || (a.kind == b.kind && a.name == b.name && a.className == b.className && a.point == b.point && a.angle == b.angle
            && a.attributes == b.attributes && a.layer == b.layer && a.id == b.id)
    }

    public var isPointOfInterest: Bool { kind.isPointOfInterest }

    public var coordinate: Coordinate { WebMercator.unproject(point) }

    /// Its web address, from OpenStreetMap's `website` (or `url`) tag where the map keeps it.
    public var website: String? {
        attributes.first { $0.key == "website" || $0.key == "url" }.map(\.value).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Its kind as a place's: its class ("museum"; "attraction" and "viewpoint" are landmarks, "aerodrome"
    /// an airport), else "Point of Interest". A map's "station" is a railway's, not a research station.
    public var category: Category {
        guard !className.isEmpty else { return .other(tr("Point of Interest")) }
        let kind = className.replacingOccurrences(of: "_", with: " ")
        switch Category(rawValue: kind) {
        case .landmark: return .landmark
        case .airport: return .airport
        default: return .other(kind)
        }
    }

    /// Attributes that say nothing to a person: names in other scripts, ranks, zoom levels, the class.
    private static func isTechnical(_ key: String) -> Bool {
        ["name", "class", "kind", "rank", "min_zoom", "population_rank", "ramp", "brunnel", "layer"].contains(key)
            || key.hasPrefix("name:") || key.hasPrefix("name_") || key.hasPrefix("pmap:")
    }

    /// The card's line for it: its other attributes, "Opening hours: Mo-Sa 10:00-20:00 · Website: https://…"
    /// (a subclass that only repeats its class left out).
    public var summary: String {
        attributes.filter { !Self.isTechnical($0.key) && !($0.key == "subclass" && $0.value == className) && !$0.value.isEmpty }
            .map { attribute in
                let words = attribute.key.replacingOccurrences(of: "_", with: " ")
                return "\(words.prefix(1).uppercased())\(words.dropFirst()): \(attribute.value)"
            }
            .joined(separator: " · ")
    }

    /// The order labels are placed in, most important first: towns, then points of interest, then
    /// streets, each by rank.
    var priority: Int {
        switch kind {
        case .place(let rank): rank
        case .poi(let rank): 100 + rank
        case .road: 1_000
        }
    }
}
