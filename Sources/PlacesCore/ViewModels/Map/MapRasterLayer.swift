/// A map file or online map as the canvas draws it: its tiles' source, its levels (beyond `maxZoom`
/// the deepest tiles are scaled up; a vector map's reach `TileArchiveMetadata.deepestZoom`) and what
/// it covers (no tile is asked for outside).
public struct MapRasterLayer: Equatable, Sendable {
    public var id: MapLayer.ID
    public var source: any RasterTileSource
    public var minZoom: Int
    public var maxZoom: Int
    public var bounds: WorldRect

    public static func == (a: MapRasterLayer, b: MapRasterLayer) -> Bool {
        a.id == b.id && a.source === b.source && a.minZoom == b.minZoom && a.maxZoom == b.maxZoom && a.bounds == b.bounds
    }
}
