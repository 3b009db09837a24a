/// The model's lines and areas as the map view-model keeps them: projected once when they change,
/// then handed to the canvas where they are in view, and found under a click.
struct MapShapes {
    private struct Entry {
        var shape: MapShape
        var source: PlaceSource.ID
    }

    /// Which shapes the map shows: every file's, one file's (its section shown alone), or none (a
    /// section of favourites, a collection or a kind shown alone).
    enum Showing {
        case all
        case source(PlaceSource.ID)
        case none
    }

    private var entries: [Entry] = []
    /// Reach of a click on a line, in pixels: half a marker's.
    static let hitRadius = 6.0

    /// Projects the shapes of `model` (after shapes or sources changed): the geometry of the sources
    /// whose shapes did not change (`changed`) is kept.
    @MainActor
    mutating func update(from model: PlacesModel, changed: Set<PlaceSource.ID>) {
        var kept: [PlaceShape.ID: MapShape.Geometry] = [:]
        for entry in entries where !changed.contains(entry.source) { kept[entry.shape.id] = entry.shape.geometry }
        let selected = model.selectedItem
        entries = model.sources.flatMap { source in
            (model.shapes[source.id] ?? []).map { shape in
                let geometry = kept[shape.id] ?? MapShape.Geometry(shape.parts.map { $0.map(WebMercator.project) })
                return Entry(shape: MapShape(id: shape.id, kind: shape.kind, geometry: geometry,
                                             colour: FileColour.ofLine(shape.properties) ?? ShapeColours.colour(for: source.id, among: model.sources),
                                             isSelected: shape.id == selected),
                             source: source.id)
            }
        }
    }

    /// Marks the shape with `id` selected, and no other.
    mutating func select(_ id: PlaceShape.ID?) {
        for index in entries.indices { entries[index].shape.isSelected = entries[index].shape.id == id }
    }

    /// The shapes in view of those `showing` says, the selected one last (drawn on top).
    func visible(in camera: Camera, showing: Showing) -> [MapShape] {
        let view = camera.visibleWorldRect
        let shown = entries.filter { entry in
            let isShown = switch showing {
            case .all: true
            case .source(let source): entry.source == source
            case .none: false
            }
            return isShown && entry.shape.geometry.bounds.intersects(view)
        }.map(\.shape)
        return shown.filter { !$0.isSelected } + shown.filter(\.isSelected)
    }

    /// The shape drawn under `point`: a line within `hitRadius` pixels, an area around it (or its
    /// outline within reach); the topmost (last drawn) first.
    func hit(at point: ScreenPoint, camera: Camera, showing: Showing) -> PlaceShape.ID? {
        let world = camera.worldPoint(at: point)
        let reach = Self.hitRadius / camera.worldPixelSize
        for shape in visible(in: camera, showing: showing).reversed() {
            let bounds = shape.geometry.bounds
            guard world.x >= bounds.minX - reach, world.x <= bounds.maxX + reach,
                  world.y >= bounds.minY - reach, world.y <= bounds.maxY + reach else { continue }
            if Self.isNear(world, shape.geometry.parts, within: reach, closed: shape.kind == .area) { return shape.id }
            if shape.kind == .area, Self.isInside(world, shape.geometry.parts) { return shape.id }
        }
        return nil
    }

    /// Whether `point` is within `reach` of a segment of `parts` (closing each ring when `closed`).
    private static func isNear(_ point: WorldPoint, _ parts: [[WorldPoint]], within reach: Double, closed: Bool) -> Bool {
        let reachSquared = reach * reach
        for part in parts {
            var previous = closed ? part.last : nil
            for current in part {
                if let start = previous, distanceSquared(point, start, current) <= reachSquared { return true }
                previous = current
            }
            if part.count == 1, let only = part.first, distanceSquared(point, only, only) <= reachSquared { return true }
        }
        return false
    }

    private static func distanceSquared(_ point: WorldPoint, _ a: WorldPoint, _ b: WorldPoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = dx * dx + dy * dy
        let t = length == 0 ? 0 : max(0, min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / length))
        let x = a.x + t * dx - point.x, y = a.y + t * dy - point.y
        return x * x + y * y
    }

    /// Even-odd: inside an odd number of rings (a hole is a ring inside the outline), as the canvas fills them.
    private static func isInside(_ point: WorldPoint, _ rings: [[WorldPoint]]) -> Bool {
        var inside = false
        for ring in rings {
            var previous = ring.last
            for current in ring {
                if let start = previous, (start.y > point.y) != (current.y > point.y),
                   point.x < (current.x - start.x) * (point.y - start.y) / (current.y - start.y) + start.x {
                    inside.toggle()
                }
                previous = current
            }
        }
        return inside
    }
}
