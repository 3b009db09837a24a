import Foundation

/// What the map view shows: a centre, a zoom level and the size of the view. Immutable; every
/// change (pan, zoom, fit, centre) returns a new camera.
///
/// Zoom follows slippy-map conventions: the world is `256 · 2^zoom` pixels wide, clamped to
/// `minZoom...maxZoom` (0...18).
///
/// **Centre clamping** (there is no horizontal wrap-around): on each axis separately, when the world
/// is at least as large as the viewport, the centre is clamped so that the visible area stays inside
/// the world (no blank space beyond the antimeridian or the Mercator poles); when the world is smaller
/// than the viewport on that axis, the world is centred on it. Non-finite input centres fall back to
/// the middle of the world. The resulting `center` is therefore always a valid coordinate with a
/// latitude within ±`WebMercator.maxLatitude`. A centre that needs no clamping is kept exactly as given.
public struct Camera: Hashable, Sendable {
    /// The lowest zoom level (the whole world is 256 px wide).
    public static let minZoom = 0.0
    public static let maxZoom = 18.0

    /// The coordinate shown at the middle of the viewport (after clamping).
    public let center: Coordinate
    /// The zoom level, clamped to `minZoom...maxZoom`.
    public let zoom: Double
    /// The size of the map view in pixels (negative or non-finite extents become 0).
    public let viewport: ScreenSize
    /// `center` in world units.
    public let centerWorldPoint: WorldPoint

    /// Creates a camera; the zoom and the centre are clamped as described on the type.
    public init(center: Coordinate, zoom: Double, viewport: ScreenSize) {
        let zoom = Self.clampedZoom(zoom)
        let viewport = Self.sanitized(viewport)
        let projected = WebMercator.project(center)
        let clamped = Self.clampedCenter(projected, zoom: zoom, viewport: viewport)
        let keepsGiven = clamped == projected && center.isValid
            && abs(center.latitude) <= WebMercator.maxLatitude
        self.center = keepsGiven ? center : WebMercator.unproject(clamped)
        self.zoom = zoom
        self.viewport = viewport
        self.centerWorldPoint = clamped
    }

    /// Creates a camera centred on a world point; the zoom and the centre are clamped as described on the type.
    public init(centerWorldPoint: WorldPoint, zoom: Double, viewport: ScreenSize) {
        let zoom = Self.clampedZoom(zoom)
        let viewport = Self.sanitized(viewport)
        let clamped = Self.clampedCenter(centerWorldPoint, zoom: zoom, viewport: viewport)
        self.center = WebMercator.unproject(clamped)
        self.zoom = zoom
        self.viewport = viewport
        self.centerWorldPoint = clamped
    }

    /// The width (and height) of the whole world in pixels at this zoom: `256 · 2^zoom`.
    public var worldPixelSize: Double {
        Self.worldPixelSize(atZoom: zoom)
    }

    /// The width of the world in pixels at any zoom: `256 · 2^zoom`.
    public static func worldPixelSize(atZoom zoom: Double) -> Double {
        WebMercator.tileSize * exp2(zoom)
    }

    /// Where a coordinate appears in the view (may be outside the viewport).
    public func screenPoint(for coordinate: Coordinate) -> ScreenPoint {
        screenPoint(for: WebMercator.project(coordinate))
    }

    /// Where a world point appears in the view (may be outside the viewport).
    public func screenPoint(for point: WorldPoint) -> ScreenPoint {
        let scale = worldPixelSize
        return ScreenPoint(
            x: (point.x - centerWorldPoint.x) * scale + viewport.width / 2,
            y: (point.y - centerWorldPoint.y) * scale + viewport.height / 2
        )
    }

    /// The world point shown at a screen point (may be outside the unit square).
    public func worldPoint(at point: ScreenPoint) -> WorldPoint {
        let scale = worldPixelSize
        return WorldPoint(
            x: centerWorldPoint.x + (point.x - viewport.width / 2) / scale,
            y: centerWorldPoint.y + (point.y - viewport.height / 2) / scale
        )
    }

    /// The coordinate shown at a screen point (unclamped, see `WebMercator.unproject`).
    public func coordinate(at point: ScreenPoint) -> Coordinate {
        WebMercator.unproject(worldPoint(at: point))
    }

    /// The part of the world covered by the viewport. Not clipped to the unit square: at low zoom it
    /// extends beyond the world on the axes where the world is smaller than the view.
    public var visibleWorldRect: WorldRect {
        let scale = worldPixelSize
        let halfWidth = viewport.width / 2 / scale
        let halfHeight = viewport.height / 2 / scale
        return WorldRect(
            minX: centerWorldPoint.x - halfWidth, minY: centerWorldPoint.y - halfHeight,
            maxX: centerWorldPoint.x + halfWidth, maxY: centerWorldPoint.y + halfHeight
        )
    }

    /// The camera after dragging the content by a screen offset: the map follows the pointer, so
    /// dragging right (`dx > 0`) reveals what lies to the west.
    public func panned(byX dx: Double, y dy: Double) -> Camera {
        let scale = worldPixelSize
        let moved = WorldPoint(x: centerWorldPoint.x - dx / scale, y: centerWorldPoint.y - dy / scale)
        return Camera(centerWorldPoint: moved, zoom: zoom, viewport: viewport)
    }

    /// The camera after changing the zoom by `delta` levels while the world point under `anchor`
    /// stays under `anchor` (unless centre clamping has to move it, near the edges of the world).
    public func zoomed(by delta: Double, around anchor: ScreenPoint) -> Camera {
        let target = worldPoint(at: anchor)
        let newZoom = Self.clampedZoom(zoom + delta)
        let scale = Self.worldPixelSize(atZoom: newZoom)
        let center = WorldPoint(
            x: target.x - (anchor.x - viewport.width / 2) / scale,
            y: target.y - (anchor.y - viewport.height / 2) / scale
        )
        return Camera(centerWorldPoint: center, zoom: newZoom, viewport: viewport)
    }

    /// The same view for a resized map view (same centre and zoom, re-clamped).
    public func resized(to viewport: ScreenSize) -> Camera {
        Camera(center: center, zoom: zoom, viewport: viewport)
    }

    /// The camera showing every valid coordinate with at least `padding` pixels to the viewport's edges
    /// (where the world is large enough), zoomed in as far as possible but not beyond `maximumZoom`.
    /// With no valid coordinates it shows the whole world at zoom 0; a single place is shown at
    /// `maximumZoom`.
    public static func fitting(
        _ coordinates: [Coordinate], viewport: ScreenSize, padding: Double, maximumZoom: Double = 16
    ) -> Camera {
        let points = coordinates
            .filter { $0.latitude.isFinite && $0.longitude.isFinite }
            .map(WebMercator.project)
        guard let bounds = WorldRect(enclosing: points) else {
            return Camera(centerWorldPoint: WorldRect.world.center, zoom: minZoom, viewport: viewport)
        }
        return fitting(bounds, viewport: viewport, padding: padding, maximumZoom: maximumZoom)
    }

    /// The camera showing a world rectangle with at least `padding` pixels around it, zoomed in as far
    /// as possible but not beyond `maximumZoom`.
    public static func fitting(
        _ bounds: WorldRect, viewport: ScreenSize, padding: Double, maximumZoom: Double = 16
    ) -> Camera {
        let zoom = fittingZoom(for: bounds, viewport: sanitized(viewport), padding: padding)
        return Camera(
            centerWorldPoint: bounds.center, zoom: min(zoom, maximumZoom), viewport: viewport
        )
    }

    /// The camera that shows `coordinate` at the centre of `rect` (a part of the viewport, in screen
    /// pixels, e.g. the area above a bottom card), zooming in to at least `minimumZoom` when the
    /// camera is further out; otherwise the zoom is kept. Centre clamping applies near world edges.
    public func centering(
        _ coordinate: Coordinate,
        inVisibleArea rect: (x: Double, y: Double, width: Double, height: Double),
        minimumZoom: Double
    ) -> Camera {
        let newZoom = Self.clampedZoom(max(zoom, minimumZoom))
        let scale = Self.worldPixelSize(atZoom: newZoom)
        let target = WebMercator.project(coordinate)
        let center = WorldPoint(
            x: target.x - (rect.x + rect.width / 2 - viewport.width / 2) / scale,
            y: target.y - (rect.y + rect.height / 2 - viewport.height / 2) / scale
        )
        return Camera(centerWorldPoint: center, zoom: newZoom, viewport: viewport)
    }
}

extension Camera {
    /// Clamps a zoom to `minZoom...maxZoom`; NaN becomes `minZoom`.
    static func clampedZoom(_ zoom: Double) -> Double {
        guard !zoom.isNaN else { return minZoom }
        return min(max(zoom, minZoom), maxZoom)
    }

    /// Replaces negative or non-finite viewport extents by 0.
    static func sanitized(_ size: ScreenSize) -> ScreenSize {
        func clean(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }
        return ScreenSize(width: clean(size.width), height: clean(size.height))
    }

    /// Applies the centre-clamping rule of the type documentation on both axes.
    static func clampedCenter(_ point: WorldPoint, zoom: Double, viewport: ScreenSize) -> WorldPoint {
        let scale = worldPixelSize(atZoom: zoom)
        return WorldPoint(
            x: clampedAxis(point.x, halfExtent: viewport.width / 2 / scale),
            y: clampedAxis(point.y, halfExtent: viewport.height / 2 / scale)
        )
    }

    private static func clampedAxis(_ value: Double, halfExtent: Double) -> Double {
        guard value.isFinite, halfExtent < 0.5 else { return 0.5 }
        return min(max(value, halfExtent), 1 - halfExtent)
    }

    /// The largest zoom at which `bounds` plus `padding` on every side fits in the viewport.
    private static func fittingZoom(for bounds: WorldRect, viewport: ScreenSize, padding: Double) -> Double {
        let padding = padding.isFinite ? max(padding, 0) : 0
        let available = (
            width: max(viewport.width - 2 * padding, 1), height: max(viewport.height - 2 * padding, 1)
        )
        var zoom = maxZoom
        if bounds.width > 0 {
            zoom = min(zoom, log2(available.width / (bounds.width * WebMercator.tileSize)))
        }
        if bounds.height > 0 {
            zoom = min(zoom, log2(available.height / (bounds.height * WebMercator.tileSize)))
        }
        return clampedZoom(zoom)
    }
}
