/// The bundled cities as base-map context: from zoom 4.5 on, the most populous visible ones are named
/// where their label overlaps no marker and no other label, so a zoomed-in map is never a blank page.
struct BaseMapCities {
    static let minimumZoom = 4.5
    static let maximumLabels = 60
    /// Visible cities considered per frame, most populous first.
    static let maximumCandidates = 400

    private let cities: [City]
    private let points: [WorldPoint]
    private let index: SpatialIndex

    /// Indexes `cities`, which must be sorted most populous first (as `CityDirectory` keeps them).
    init(_ cities: [City]) {
        self.cities = cities
        points = cities.map { WebMercator.project($0.coordinate) }
        index = SpatialIndex(points)
    }

    /// The labels to draw for `camera`, avoiding `occupied` boxes (markers and their names).
    func labels(for camera: Camera, avoiding occupied: [LabelBox]) -> [MapCityLabel] {
        guard camera.zoom >= Self.minimumZoom, !cities.isEmpty else { return [] }
        var visible: [Int] = []
        index.forEach(in: camera.visibleWorldRect) { visible.append($0) }
        visible.sort()  // index order is population order
        var boxes = occupied
        var labels: [MapCityLabel] = []
        for city in visible.prefix(Self.maximumCandidates) {
            let position = camera.screenPoint(for: points[city])
            let box = LabelBox.label(cities[city].name, at: position, characterWidth: 6.5)
            let dot = LabelBox.marker(at: position, radius: 3)
            guard !boxes.contains(where: { $0.overlaps(box) || $0.overlaps(dot) }) else { continue }
            boxes.append(box)
            boxes.append(dot)
            labels.append(MapCityLabel(name: cities[city].name, position: position))
            if labels.count == Self.maximumLabels { break }
        }
        return labels
    }
}
