// libFuzzer target: any bytes as a vector tile (gzip-compressed or not), decoded, every feature's
// attributes and parts read as the painter reads them, and its names taken as the map's labels
// take them in both schemas. Nothing traps. Run by `make fuzz`.
import FuzzDriver
import PlacesCore

fuzzingRun { start, count in
    guard let tile = try? VectorTile(decoding: Array(UnsafeRawBufferPointer(start: start, count: count))) else { return 0 }
    var points = 0
    for layer in tile.layers {
        for feature in layer.features {
            _ = layer.attributes(of: feature)
            layer.forEachPart(of: feature) { points += $0.count }
        }
    }
    for schema in [VectorSchema.openMapTiles, .protomaps] {
        points += StreetFeatures.named(in: tile, id: TileID(z: 14, x: 9327, y: 4742), schema: schema).count
    }
    return points < 0 ? 1 : 0
}
