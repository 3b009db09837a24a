/// The offline base map: land polygons and country borders, already projected to Web Mercator,
/// in layers that each apply to a range of zoom levels (coarse outlines far out, finer ones closer in).
public struct WorldMap: Sendable {
    public enum LayerKind: UInt8, Sendable {
        /// Filled land polygons (even-odd rule per path: an outer ring and its holes).
        case land = 0
        /// Country border polylines.
        case borders = 1
    }

    /// A polygon (outer ring plus holes) or a polyline, with its bounds for culling.
    public struct Path: Sendable {
        /// The rings, as projected points.
        public var rings: [[WorldPoint]]
        /// Bounds of all rings.
        public var bounds: WorldRect
    }

    public struct Layer: Sendable {
        public var kind: LayerKind
        /// Zoom levels at which the layer is drawn (inclusive).
        public var zoomRange: ClosedRange<Double>
        public var paths: [Path]
    }

    /// All layers, in file order.
    public var layers: [Layer]

    /// The layers of `kind` to draw at `zoom`.
    public func layers(_ kind: LayerKind, atZoom zoom: Double) -> [Layer] {
        layers.filter { $0.kind == kind && $0.zoomRange.contains(zoom.rounded(.down)) }
    }

    /// A map with no layers (when the data is missing, the canvas still draws the ocean).
    public static let empty = WorldMap(layers: [])
}
