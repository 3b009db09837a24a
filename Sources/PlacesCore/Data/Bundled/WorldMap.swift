/// The offline base map: land polygons, borders and rivers, already projected to Web Mercator, in
/// layers that each apply to a range of zoom levels (coarse outlines far out, finer ones closer in).
public struct WorldMap: Sendable {
    public enum LayerKind: UInt8, Sendable {
        /// Filled land polygons (even-odd rule per path: an outer ring and its holes).
        case land = 0
        /// Country border polylines.
        case borders = 1
        /// Rivers and lake centrelines.
        case rivers = 2
        /// State and province border polylines.
        case provinces = 3
    }

    /// A polygon (outer ring plus holes) or a polyline, with its bounds for culling.
    public struct Path: Sendable {
        /// The rings, as projected points.
        public var rings: [[WorldPoint]]
        public var bounds: WorldRect
        /// The zoom, plus one, from which it is drawn: Natural Earth's scalerank for rivers, its
        /// min_zoom for provinces; 0 for land and country borders.
        public var rank: UInt8 = 0
    }

    public struct Layer: Sendable {
        public var kind: LayerKind
        /// Zoom levels at which the layer is drawn (inclusive).
        public var zoomRange: ClosedRange<Double>
        public var paths: [Path]
    }

    /// All layers, in file order.
    public var layers: [Layer]

    /// The layers of `kind` to draw at `zoom`: of those meant for it, the finest (the one meant
    /// from the deepest zoom), as `detail.bin`'s 1:10m land takes over from `world.bin`'s 1:50m.
    public func layers(_ kind: LayerKind, atZoom zoom: Double) -> [Layer] {
        let meant = layers.filter { $0.kind == kind && $0.zoomRange.contains(zoom.rounded(.down)) }
        guard let finest = meant.map(\.zoomRange.lowerBound).max() else { return [] }
        return meant.filter { $0.zoomRange.lowerBound == finest }
    }

    /// The lowest zoom any layer is drawn at; nil for a map with no layers.
    public var firstZoom: Double? { layers.map(\.zoomRange.lowerBound).min() }

    /// This map with the layers of `detail` added (the detailed layers, read after the first frame).
    public func adding(_ detail: WorldMap) -> WorldMap {
        WorldMap(layers: layers + detail.layers)
    }

    /// A map with no layers (when the data is missing, the canvas still draws the ocean).
    public static let empty = WorldMap(layers: [])
}
