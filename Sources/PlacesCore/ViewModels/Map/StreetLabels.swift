import Foundation

/// The names the vector maps shown give to what is in view (`StreetFeature`s of their tiles), read
/// off the main actor from the tiles the maps' painters decode too, and placed for a camera without
/// overlaps: towns first, then points of interest, then streets (one label per street name nearby).
/// It calls `onArrival` when a tile's names have come, so that the map places them.
@MainActor
final class StreetLabels {
    /// Most labels placed on one screen.
    nonisolated static let maximumLabels = 160
    /// Tiles whose names are kept (a few screens' worth at any zoom).
    static let keptTiles = 256
    /// Street names are repeated no closer than this, in pixels.
    nonisolated static let repeatDistance = 250.0

    private struct Key: Hashable {
        var source: ObjectIdentifier
        var tile: TileID
    }

    /// Each tile's names, with its source: held, so that no other map's source can come to the same
    /// address (its `ObjectIdentifier`) while they are kept; a map no longer shown has its names dropped.
    private var features: [Key: (features: [StreetFeature], source: any RasterTileSource, lastUse: Int)] = [:]
    private var inFlight: Set<Key> = []
    /// Tiles read at once: a tile's names wait for its decoding, and two cores have other work.
    static let concurrentReads = 2
    private var uses = 0
    /// The labels placed last (for clicks), the camera and the tiles they were placed for.
    private(set) var placed: [MapStreetLabel] = []
    private var placedFor: (camera: Camera, tiles: Set<Key>, sources: Set<ObjectIdentifier>)?

    var onArrival: (@MainActor () -> Void)?

    /// The tiles of `source` whose names the camera shows: those the canvas draws (`TileCoverage`,
    /// within the map's levels and bounds), so that each is decoded once for both; at most 64.
    private func tiles(of source: any RasterTileSource, for camera: Camera) -> [TileID] {
        let metadata = source.metadata
        guard metadata.format == .mvt, camera.zoom >= Double(metadata.minZoom) else { return [] }
        let coverage = TileCoverage(camera: camera, minLevel: metadata.minZoom, maxLevel: metadata.maxZoom).within(metadata.bounds)
        return coverage.tiles.count <= 64 ? coverage.tiles.map(\.id) : []
    }

    /// The labels for `camera` over `sources`, keeping clear of `occupied`; the tiles not read yet
    /// are asked for, and come with `onArrival`. While the map is `dragged` at one zoom over the same
    /// tiles, the labels placed last move with it, placed anew when it comes to rest: what a drag
    /// moves moves together (markers, names), and a frame of a drag costs no placing.
    func labels(for camera: Camera, sources: [any RasterTileSource], avoiding occupied: [LabelBox], dragged: Bool = false) -> [MapStreetLabel] {
        var candidates: [StreetFeature] = []
        var shown: Set<Key> = []
        let shownSources = Set(sources.map(ObjectIdentifier.init))
        if features.keys.contains(where: { !shownSources.contains($0.source) }) { features = features.filter { shownSources.contains($0.key.source) } }
        for source in sources {
            for tile in tiles(of: source, for: camera) {
                let key = Key(source: ObjectIdentifier(source), tile: tile)
                if let kept = features[key] {
                    uses += 1
                    features[key] = (kept.features, kept.source, uses)
                    candidates += kept.features
                    shown.insert(key)
                } else if inFlight.count < Self.concurrentReads {
                    read(key, from: source)
                }
            }
        }
        if dragged, let last = placedFor, last.camera.zoom == camera.zoom, last.camera.viewport == camera.viewport, last.sources == shownSources,
           shown.isSubset(of: last.tiles) {
            let before = last.camera.screenPoint(for: camera.centerWorldPoint)
            let (dx, dy) = (camera.viewport.center.x - before.x, camera.viewport.center.y - before.y)
            placed = placed.map { label in
                var moved = label
                moved.position = ScreenPoint(x: label.position.x + dx, y: label.position.y + dy)
                return moved
            }
            placedFor = (camera, last.tiles, shownSources)
            return placed
        }
        placed = Self.place(candidates, camera: camera, avoiding: occupied)
        placedFor = (camera, shown, shownSources)
        return placed
    }

    /// The point of interest whose dot or name is at `point`, among the labels placed last.
    func pointOfInterest(at point: ScreenPoint) -> StreetFeature? {
        placed.first { label in
            label.kind == .pointOfInterest
                && (label.position.distance(to: point) <= MapViewModel.hitRadius || Self.box(of: label).contains(point))
        }?.feature
    }

    private func read(_ key: Key, from source: any RasterTileSource) {
        guard !inFlight.contains(key) else { return }
        inFlight.insert(key)
        let schema = VectorSchema(layers: source.metadata.vectorLayers)
        Task { [weak self] in
            let found: [StreetFeature] = await Task.detached(priority: .userInitiated) {
                guard case .success(let tile?) = await source.vectorTile(key.tile) else { return [] }
                return StreetFeatures.named(in: tile, id: key.tile, schema: schema)
            }.value
            guard let self else { return }
            inFlight.remove(key)
            store(found, for: key, source: source)
            // Names to place, or more tiles to read: the map asks again.
            onArrival?()
        }
    }

    private func store(_ found: [StreetFeature], for key: Key, source: any RasterTileSource) {
        uses += 1
        features[key] = (found, source, uses)
        guard features.count > Self.keptTiles else { return }
        for old in features.sorted(by: { $0.value.lastUse < $1.value.lastUse }).prefix(features.count - Self.keptTiles) {
            features[old.key] = nil
        }
    }

    /// Places the most important names first, each where it overlaps nothing placed before it.
    nonisolated static func place(_ candidates: [StreetFeature], camera: Camera, avoiding occupied: [LabelBox]) -> [MapStreetLabel] {
        var boxes = occupied
        var labels: [MapStreetLabel] = []
        var streets: [(name: String, at: ScreenPoint)] = []
        let viewport = LabelBox(minX: 0, minY: 0, maxX: camera.viewport.width, maxY: camera.viewport.height)
        for feature in candidates.sorted(by: { ($0.priority, $0.name) < ($1.priority, $1.name) }) {
            let position = camera.screenPoint(for: feature.point)
            let kind: MapStreetLabel.Kind
            switch feature.kind {
            case .place(let rank): kind = .place(isMajor: rank <= 4)
            case .poi: kind = .pointOfInterest
            case .road:
                guard !streets.contains(where: { $0.name == feature.name && $0.at.distance(to: position) < repeatDistance }) else { continue }
                kind = .road
            }
            let label = MapStreetLabel(kind: kind, text: feature.name.clipped(to: LabelBox.maximumCharacters), position: position,
                                       angle: feature.angle, feature: feature)
            let box = box(of: label)
            guard box.minX >= viewport.minX, box.minY >= viewport.minY, box.maxX <= viewport.maxX, box.maxY <= viewport.maxY,
                  !boxes.contains(where: { $0.overlaps(box) }) else { continue }
            boxes.append(box)
            if kind == .road { streets.append((feature.name, position)) }
            labels.append(label)
            if labels.count == maximumLabels { break }
        }
        return labels
    }

    /// What a label covers: a point of interest's dot and the name right of it; a town's name
    /// centred on its point; a street name's rotated box, as the upright box around it.
    nonisolated static func box(of label: MapStreetLabel) -> LabelBox {
        let characters = Double(label.text.count)
        switch label.kind {
        case .pointOfInterest:
            let name = LabelBox.label(label.text, at: label.position, characterWidth: 6)
            return LabelBox(minX: label.position.x - 6, minY: name.minY, maxX: name.maxX, maxY: name.maxY)
        case .place(let isMajor):
            let width = characters * (isMajor ? 8.5 : 7) + 6, height = isMajor ? 22.0 : 18
            return LabelBox(minX: label.position.x - width / 2, minY: label.position.y - height / 2,
                            maxX: label.position.x + width / 2, maxY: label.position.y + height / 2)
        case .road:
            let halfLength = (characters * 6 + 4) / 2, halfHeight = 7.0
            let dx = abs(cos(label.angle)) * halfLength + abs(sin(label.angle)) * halfHeight
            let dy = abs(sin(label.angle)) * halfLength + abs(cos(label.angle)) * halfHeight
            return LabelBox(minX: label.position.x - dx, minY: label.position.y - dy, maxX: label.position.x + dx, maxY: label.position.y + dy)
        }
    }
}
