/// The markers the map drew last, and which places among them stand alone (not inside a cluster):
/// what a click or a keyboard activation can hit.
struct ShownMarkers {
    private(set) var markers: [MapMarker] = []
    /// Slots drawn as markers of their own.
    private var alone: Set<Int> = []

    init(_ markers: [MapMarker] = []) {
        self.markers = markers
        alone = Set(markers.compactMap { if case .place(let slot, _) = $0 { slot } else { nil } })
    }

    /// The marker (place or cluster) drawn nearest to `point`, within `radius` (plus a cluster's size).
    func hit(at point: ScreenPoint, within radius: Double, camera: Camera, index: LivePlaceIndex) -> MapMarker? {
        var best: (marker: MapMarker, distance: Double)?
        func consider(_ marker: MapMarker, within radius: Double) {
            let distance = marker.position.distance(to: point)
            if distance <= radius, distance < (best?.distance ?? .infinity) { best = (marker, distance) }
        }
        for marker in markers where marker.count > 1 {
            consider(marker, within: radius + MapMarkerStyle.clusterRadius(marker.count) - 8)
        }
        if let nearest = index.nearest(to: camera.worldPoint(at: point), within: radius / camera.worldPixelSize), alone.contains(nearest) {
            consider(.place(index: nearest, at: camera.screenPoint(for: index.points[nearest])), within: radius)
        } else {
            // The nearest place hides in a cluster (or nothing is near): another one drawn alone may still be in reach.
            for marker in markers where marker.count == 1 { consider(marker, within: radius) }
        }
        return best?.marker
    }

    func cluster(at position: ScreenPoint) -> MapMarker? {
        markers.first { $0.count > 1 && $0.position == position }
    }
}
