import Foundation

/// How Places draws a vector map of one schema in one palette: an ordered list of rules, each
/// painting the features of one layer whose class (OpenMapTiles' `class`, Protomaps' `kind`) is
/// among its values, from its zoom on. Land cover first, then water, buildings, road casings under
/// every road, the roads from the smallest up, railways and borders: what a person expects of a street map.
public struct VectorStyle: Sendable {
    public struct Rule: Sendable {
        /// A fill paints polygons; a line paints lines and the rings of polygons.
        public enum Paint: Sendable, Equatable {
            case fill(RGB, outline: RGB?)
            /// A line `width` units wide at zoom 14, half as wide each 1.5 levels out and at most
            /// four times as wide in; dashed when `dashes` is not empty.
            case line(RGB, width: Double, dashes: [Double] = [])
        }

        public var layer: String
        /// The attribute that sorts the layer's features, and its values this rule paints; nil: all of them.
        public var values: Set<String>?
        public var minZoom: Int
        public var paint: Paint

        public init(_ layer: String, _ values: Set<String>?, from minZoom: Int = 0, _ paint: Paint) {
            self.layer = layer
            self.values = values
            self.minZoom = minZoom
            self.paint = paint
        }

        /// A rule for every feature of `layer`.
        public init(_ layer: String, from minZoom: Int = 0, _ paint: Paint) {
            self.init(layer, nil, from: minZoom, paint)
        }
    }

    public let schema: VectorSchema
    /// The attribute holding a feature's class: `class`, or `kind` in Protomaps' schema.
    public let classKey: String
    public let rules: [Rule]
    /// What lies under every rule: the land (the sea is drawn by the water rules).
    public let land: RGB

    /// The style for a map of `schema` whose tiles hold `layers` (which only the plain style uses).
    public init(schema: VectorSchema, palette: MapPalette, layers: [String] = []) {
        self.schema = schema
        land = palette.land
        switch schema {
        case .openMapTiles:
            classKey = "class"
            rules = Self.openMapTiles(palette.streets)
        case .protomaps:
            classKey = "kind"
            rules = Self.protomaps(palette)
        case .other:
            classKey = "class"
            rules = layers.map { Rule($0, .fill(palette.streets.residential, outline: palette.streets.casing)) }
                + layers.map { Rule($0, .line(palette.streets.path, width: 1)) }
        }
    }

    /// A line's width in units at `zoom`, for a width of `base` at zoom 14.
    public static func width(_ base: Double, atZoom zoom: Double) -> Double {
        min(base * 4, max(0.5, base * pow(2, (zoom - 14) / 1.5)))
    }

    /// The roads of both schemas, by class from the smallest: casings all first, then the roads.
    private static func roads(_ layer: String, _ classes: [(values: Set<String>, width: Double, colour: RGB, from: Int)],
                              casing: RGB) -> [Rule] {
        classes.map { Rule(layer, $0.values, from: $0.from, .line(casing, width: $0.width + 1.5)) }
            + classes.map { Rule(layer, $0.values, from: $0.from, .line($0.colour, width: $0.width)) }
    }

    private static func openMapTiles(_ colours: StreetPalette) -> [Rule] {
        [
            Rule("landuse", ["residential", "suburb", "neighbourhood", "railway", "industrial", "garages"], .fill(colours.residential, outline: nil)),
            Rule("landuse", ["commercial", "retail"], .fill(colours.commercial, outline: nil)),
            Rule("landuse", ["cemetery", "grass", "pitch", "playground"], .fill(colours.grass, outline: nil)),
            Rule("landcover", ["wood", "forest", "wetland", "farmland"], .fill(colours.wood, outline: nil)),
            Rule("landcover", ["grass", "rock", "sand", "ice"], .fill(colours.grass, outline: nil)),
            Rule("park", .fill(colours.park, outline: nil)),
            Rule("water", .fill(colours.water, outline: nil)),
            Rule("waterway", ["river", "canal"], .line(colours.water, width: 3)),
            Rule("waterway", ["stream", "ditch", "drain"], .line(colours.water, width: 1)),
            Rule("building", from: 14, .fill(colours.building, outline: colours.buildingOutline)),
            Rule("transportation", ["path", "track"], from: 14, .line(colours.path, width: 0.8, dashes: [2, 1.5])),
        ] + roads("transportation", [
            (["service"], 1.5, colours.minorRoad, 14),
            (["minor"], 3, colours.minorRoad, 13),
            (["tertiary"], 4, colours.minorRoad, 11),
            (["primary", "secondary", "trunk"], 5.5, colours.majorRoad, 8),
            (["motorway"], 6.5, colours.motorway, 5),
        ], casing: colours.casing) + [
            Rule("transportation", ["rail", "transit"], from: 12, .line(colours.rail, width: 1.2, dashes: [4, 2])),
            Rule("boundary", .line(colours.boundary, width: 1, dashes: [3, 2])),
        ]
    }

    private static func protomaps(_ palette: MapPalette) -> [Rule] {
        let colours = palette.streets
        return [
            Rule("earth", .fill(palette.land, outline: nil)),
            Rule("landuse", ["residential", "industrial", "railway", "military"], .fill(colours.residential, outline: nil)),
            Rule("landuse", ["commercial", "retail"], .fill(colours.commercial, outline: nil)),
            Rule("landuse", ["park", "national_park", "nature_reserve", "garden", "playground"], .fill(colours.park, outline: nil)),
            Rule("landuse", ["grass", "cemetery", "pitch", "golf_course"], .fill(colours.grass, outline: nil)),
            Rule("landuse", ["wood", "forest", "scrub", "wetland", "farmland"], .fill(colours.wood, outline: nil)),
            Rule("landcover", ["forest", "grassland", "scrub"], .fill(colours.wood, outline: nil)),
            Rule("water", .fill(colours.water, outline: nil)),
            Rule("buildings", from: 14, .fill(colours.building, outline: colours.buildingOutline)),
            Rule("roads", ["path"], from: 14, .line(colours.path, width: 0.8, dashes: [2, 1.5])),
        ] + roads("roads", [
            (["minor_road", "other"], 3, colours.minorRoad, 13),
            (["major_road"], 5, colours.majorRoad, 8),
            (["highway"], 6.5, colours.motorway, 5),
        ], casing: colours.casing) + [
            Rule("roads", ["rail"], from: 12, .line(colours.rail, width: 1.2, dashes: [4, 2])),
            Rule("boundaries", .line(colours.boundary, width: 1, dashes: [3, 2])),
        ]
    }
}
