/// Writes places as a KML 2.2 document of Point placemarks, which Google Earth, Google My Maps and GIS
/// tools open: the name, the notes (or else the line about the place) as `description`, and the
/// kind, the link, every property kept from import, the favourite flag and the collections as
/// `ExtendedData`, so that an export reads back the same.
public enum KMLWriter {
    public static func write(_ places: [Place], title: String) -> String {
        write(places.map { ExportedPlace($0) }, title: title)
    }

    public static func write(_ places: [ExportedPlace], shapes: [PlaceShape] = [], title: String) -> String {
        ExportText.collect { write(places, shapes: shapes, title: title, emit: $0) }
    }

    /// Writes the document a piece at a time to `emit` (`ExportText`).
    static func write(_ places: [ExportedPlace], shapes: [PlaceShape] = [], title: String, emit: (String) -> Void) {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>\#(XMLText.escaped(title))</name>"# + "\n"
        for exported in places {
            let place = exported.place
            out += "  <Placemark><name>\(XMLText.escaped(place.name))</name>"
            // A description that came as HTML (My Maps' links) goes back as it came, unless it changed since.
            let original = place.properties[KMLBuilder.htmlDescriptionProperty].flatMap {
                HTMLText.plain($0, links: true) == exported.description ? $0 : nil
            }
            if !exported.description.isEmpty { out += "<description>\(XMLText.escaped(original ?? html(exported.description)))</description>" }
            // A time from KML or GPX, in KML's own element (before ExtendedData, as KML orders them).
            let time = place.properties[KMLBuilder.timeStampProperty] ?? place.properties["time"]
            if let time { out += "<TimeStamp><when>\(XMLText.escaped(time))</when></TimeStamp>" }
            var data = place.category.rawValue.isEmpty ? [] : [(key: "category", value: place.category.rawValue)]
            if !place.link.isEmpty { data.append((key: "link", value: place.link)) }
            if let summary = exported.summaryBesideNotes { data.append((key: "summary", value: summary)) }
            data += place.properties.filter {
                $0.key != KMLBuilder.timeStampProperty && !(time != nil && $0.key == "time") && !(original != nil && $0.key == KMLBuilder.htmlDescriptionProperty)
            }
            data += exported.membership
            writeExtendedData(data, to: &out)
            out += "<Point><coordinates>\(place.coordinate.longitude.description),\(place.coordinate.latitude.description)</coordinates></Point></Placemark>\n"
            ExportText.hand(&out, to: emit)
        }
        for shape in shapes {
            write(shape, to: &out)
            ExportText.hand(&out, to: emit)
        }
        emit(out + "</Document></kml>\n")
    }

    /// A placemark with a LineString or a Polygon (a MultiGeometry of them for several parts).
    private static func write(_ shape: PlaceShape, to out: inout String) {
        out += "  <Placemark><name>\(XMLText.escaped(shape.name))</name>"
        if !shape.summary.isEmpty { out += "<description>\(XMLText.escaped(html(shape.summary)))</description>" }
        writeExtendedData(shape.properties.map { $0 }, to: &out)
        func coordinates(_ points: [Coordinate]) -> String {
            "<coordinates>" + points.map { "\($0.longitude.description),\($0.latitude.description)" }.joined(separator: " ") + "</coordinates>"
        }
        let geometries: [String] = switch shape.kind {
        case .line: shape.parts.map { "<LineString>" + coordinates($0) + "</LineString>" }
        case .area:
            PolygonRings.polygons(from: shape.parts).map { rings in
                "<Polygon><outerBoundaryIs><LinearRing>" + coordinates(GeoJSONWriter.closed(rings[0])) + "</LinearRing></outerBoundaryIs>"
                    + rings.dropFirst().map { "<innerBoundaryIs><LinearRing>" + coordinates(GeoJSONWriter.closed($0)) + "</LinearRing></innerBoundaryIs>" }.joined()
                    + "</Polygon>"
            }
        }
        out += geometries.count == 1 ? geometries[0] : "<MultiGeometry>" + geometries.joined() + "</MultiGeometry>"
        out += "</Placemark>\n"
    }

    /// `ExtendedData`: each property a `Data`, then other apps' elements as they came (`kml:extendedData`).
    private static func writeExtendedData(_ properties: [(key: String, value: String)], to out: inout String) {
        let verbatim = properties.first { $0.key == KMLBuilder.extendedDataProperty }?.value
        let data = properties.filter { $0.key != KMLBuilder.extendedDataProperty }
        guard verbatim != nil || !data.isEmpty else { return }
        out += "<ExtendedData>"
        for (key, value) in data {
            out += #"<Data name="\#(XMLText.escaped(key))"><value>\#(XMLText.escaped(value))</value></Data>"#
        }
        out += (verbatim ?? "") + "</ExtendedData>"
    }

    /// Plain text as the HTML a KML description is (Google Earth and My Maps render it so): `&`, `<`
    /// and `>` as entities, each line break a `<br>`. Blank lines and runs of spaces are not kept.
    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\n", with: "<br>\n")
    }
}
