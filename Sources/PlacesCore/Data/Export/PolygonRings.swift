/// An area's rings sorted back into polygons for formats that tell outer rings from holes (GeoJSON,
/// KML): Places keeps an area as rings and fills them even-odd, as a file's polygons and their holes
/// read; a ring that lies inside an outer ring read before it is that ring's hole, any other starts
/// a polygon of its own.
enum PolygonRings {
    /// Each polygon: its outer ring, then its holes.
    static func polygons(from rings: [[Coordinate]]) -> [[[Coordinate]]] {
        var polygons: [[[Coordinate]]] = []
        for ring in rings {
            if let first = ring.first, let index = polygons.firstIndex(where: { contains($0[0], first) }) {
                polygons[index].append(ring)
            } else {
                polygons.append([ring])
            }
        }
        return polygons
    }

    /// Whether `point` is inside `ring` (even-odd, in degrees: for telling a hole from a polygon of its own).
    static func contains(_ ring: [Coordinate], _ point: Coordinate) -> Bool {
        var inside = false
        var previous = ring.last ?? point
        for current in ring {
            if (current.latitude > point.latitude) != (previous.latitude > point.latitude) {
                let crossing = (previous.longitude - current.longitude) * (point.latitude - current.latitude)
                    / (previous.latitude - current.latitude) + current.longitude
                if point.longitude < crossing { inside.toggle() }
            }
            previous = current
        }
        return inside
    }
}
