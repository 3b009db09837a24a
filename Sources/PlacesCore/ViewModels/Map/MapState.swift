/// One marker as the map draws it.
public struct MapMarkerItem: Equatable, Sendable {
    /// What the marker stands for.
    public enum Kind: Equatable, Sendable {
        case place(id: Place.ID, category: Category, isSelected: Bool)
        /// Several nearby places drawn as one, with their count.
        case cluster(count: Int)
        /// A vector map's point of interest (drawn as its label, `MapStreetLabel`; only a screen
        /// reader's and the keyboard's target is made of it).
        case pointOfInterest(StreetFeature)
    }

    public var kind: Kind
    /// Where to draw it, in the canvas's pixels.
    public var position: ScreenPoint
    /// The name to draw beside it, when there is room (plain text).
    public var label: String?
    /// Which side of the marker the name goes (left when the right side is taken).
    public var labelSide: LabelSide = .right
    /// What a screen reader says for it: "Paris, capital", "Paris, capital, favourite", "12 places
    /// around Lyon: Lyon, Villeurbanne, Vaulx-en-Velin, …" ("Cluster of 12 places" while the map moves).
    public var spokenName: String {
        switch kind {
        case .cluster(let count) where !nearby.isEmpty:
            trPlural("{count} place around {name}: {names}", "{count} places around {name}: {names}", count: count, [
                "count": spokenCount ?? String(count), "name": nearby[0], "names": (nearby + (count > nearby.count ? ["…"] : [])).joined(separator: ", "),
            ])
        case .cluster(let count):
            trPlural("Cluster of {count} place", "Cluster of {count} places", count: count, ["count": spokenCount ?? String(count)])
        case .place(_, let category, _) where isFavourite:
            tr("{name}, {kind}, favourite", ["name": name, "kind": category.displayName.lowercased()])
        case .place(_, let category, _): tr("{name}, {kind}", ["name": name, "kind": category.displayName.lowercased()])
        case .pointOfInterest(let feature): tr("{name}, {kind}", ["name": name, "kind": feature.category.displayName.lowercased()])
        }
    }
    /// The place's whole name (clipped like every shown name); empty for a cluster.
    public var name: String = ""
    /// The place is one of the person's favourites: its marker carries a star.
    public var isFavourite = false
    /// The colour the place's file gives it (`FileColour`), drawn instead of its kind's.
    public var fileColour: RGB?
    /// A cluster's first few names, nearest its centre first (empty while the map moves).
    public var nearby: [String] = []
    /// A cluster's count as the locale writes it ("1,500,000"), once the map is at rest; digits alone
    /// while it moves (a formatter for every cluster of every frame would cost the frame).
    public var spokenCount: String?
}

/// The map's key to its marker colours, folded away behind its button or open under it.
public struct MapLegend: Equatable, Sendable {
    /// The kinds of place on the map, in legend order: only kinds that some place has.
    public var kinds: [Category] = []
    /// Whether a favourite is on the map (the legend then explains the star).
    public var hasFavourites = false
    /// Whether a marker on screen has the colour its file gives it (the legend then says so).
    public var hasFileColours = false
    public var isOpen = false

    /// Where its button sits, and where the open panel goes below it (in canvas pixels).
    public static let panelX = 10.0, panelY = 56.0, rowHeight = 18.0
    /// The button's box (the canvas's top left, 12 pixels in, 34 wide).
    static let button = LabelBox(minX: 0, minY: 0, maxX: 56, maxY: 56)

    /// How many rows the open panel has.
    public var rowCount: Int { kinds.count + (hasFavourites ? 1 : 0) + (hasFileColours ? 1 : 0) }

    /// The rows' names, as the panel reads them.
    public var rowNames: [String] {
        kinds.map(\.pluralName) + (hasFavourites ? [tr("Favourites")] : []) + (hasFileColours ? [Self.fileColoursName] : [])
    }

    /// The row that explains markers in their file's colour.
    public static var fileColoursName: String { tr("Colour from its file") }

    /// The open panel's width: its longest name's, estimated (the renderer widens it if the font
    /// draws wider), at least 120 pixels ("Stations de recherche" ran out of a fixed 160).
    public var panelWidth: Double {
        max(120, 36 + 6.5 * Double(rowNames.map(\.count).max() ?? 0))
    }

    /// The canvas area the open panel covers (nil when folded or empty): names are never placed under it.
    var panel: LabelBox? {
        guard isOpen, rowCount > 0 else { return nil }
        return LabelBox(minX: Self.panelX, minY: Self.panelY, maxX: Self.panelX + panelWidth,
                        maxY: Self.panelY + 14 + Double(rowCount) * Self.rowHeight)
    }
}

/// The place being edited, drawn where it would be saved and dragged to move it.
public struct MapDraftMarker: Equatable, Sendable {
    public var position: ScreenPoint
    public var category: Category
    /// The name as typed so far (plain text, clipped).
    public var label: String
    public var isDragged: Bool
}

/// Which side of its marker a name is drawn.
public enum LabelSide: Equatable, Sendable {
    case right, left
}

/// What the map canvas draws.
public struct MapState: Equatable, Sendable {
    public var camera: Camera
    /// Lines and areas in view, drawn under the markers; the selected one last.
    public var shapes: [MapShape] = []
    /// Markers and clusters inside the viewport, selected one last (drawn on top).
    public var markers: [MapMarkerItem]
    public var selectedID: Place.ID?
    /// The place being edited (drawn in its own marker's stead), nil when not editing.
    public var draft: MapDraftMarker?
    /// The title of the list section shown alone ("Vienna trip"), nil when every place is shown.
    public var shownAlone: String?
    /// City names of the base map that fit around the markers (from zoom 4.5 on).
    public var cityLabels: [MapCityLabel] = []
    /// The names the vector maps shown give to what is in view, placed around the markers and city names.
    public var streetLabels: [MapStreetLabel] = []
    public var legend = MapLegend()
    /// The places at one spot to choose from (a cluster that cannot come apart), nil when closed.
    public var chooser: MapChooser?
    /// Whether the camera is gliding: the canvas sends a `.frame` input before each frame until it stops.
    public var isAnimating = false
    public var isDragging = false
    /// The raster maps drawn over the base map, lowest first: those shown, at the camera's zoom.
    public var rasterLayers: [MapRasterLayer] = []
    /// Whose raster maps are shown ("© OpenStreetMap contributors"), besides the base map's sources.
    public var attributions: [String] = []
    /// The scale bar, in the person's unit.
    public var scale: MapScale?
    /// The view is deeper than the world map and every map shown have detail for: the hint offers
    /// Online Tiles and map files.
    public var isBeyondDetail = false

    /// Whether the camera is at rest (neither gliding nor dragged).
    public var isSettled: Bool { !isAnimating && !isDragging }

    /// The markers and the vector maps' points of interest, in the order the keyboard visits them:
    /// nearest the map's centre first.
    public var markersNearestFirst: [MapMarkerItem] {
        let centre = camera.viewport.center
        func distance(_ item: MapMarkerItem) -> Double {
            let dx = item.position.x - centre.x, dy = item.position.y - centre.y
            return dx * dx + dy * dy
        }
        let pointsOfInterest = streetLabels.filter { $0.kind == .pointOfInterest }.map {
            MapMarkerItem(kind: .pointOfInterest($0.feature), position: $0.position, name: $0.text)
        }
        return (markers + pointsOfInterest).enumerated()
            .sorted { (distance($0.element), $0.offset) < (distance($1.element), $1.offset) }
            .map(\.element)
    }
}

/// Places drawn as one marker even at the deepest zoom, listed so that each can be opened.
public struct MapChooser: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var id: Place.ID
        /// The name as shown (plain text).
        public var name: String
        public var kind: String
        /// The file it came from ("from “trip.gpx”"), nil for the bundled places and the person's own.
        public var origin: String?
    }

    /// Where the marker is, in canvas pixels.
    public var position: ScreenPoint
    /// The places, by name: the first `MapViewModel.chooserLimit` added, when the spot holds more.
    public var entries: [Entry]
    /// The places at the spot beyond `entries`, in words ("and 1,499,992 more places here"); nil when none.
    public var more: String?
}
