/// Writes places as a KML 2.2 document of Point placemarks, which Google Earth, Google My Maps and GIS
/// tools open: the name, the notes (or else the line about the place) as `description`, and the
/// kind, the link, every property kept from import and the favourite flag as `ExtendedData`, so that
/// an export reads back the same. What KML has elements for goes in them: `address`, `phoneNumber`,
/// `Snippet`, a `TimeStamp`, the `styleUrl`, with the style read from the file (`kml:style`) written
/// once under its id at the top of the document (in the placemark, when it had its own, or when a
/// conversion writes the document as it reads the file). A place in collections sits in the `Folder` of its first (a My Maps layer), the others named
/// in `ExtendedData`; lines and areas follow the places.
public enum KMLWriter {
    public static func write(_ places: [Place], title: String) -> String {
        write(places.map { ExportedPlace($0) }, title: title)
    }

    public static func write(_ places: [ExportedPlace], shapes: [PlaceShape] = [], title: String) -> String {
        ExportFormat.kml.text(for: places, shapes: shapes, title: title)
    }

    /// The styles the placemarks' `styleUrl`s name (`#id`), each with the first style read for it, in
    /// the order first named: written once, at the top of the document, as KML wants them.
    static func sharedStyles(_ places: [ExportedPlace], shapes: [PlaceShape]) -> [(id: String, style: String)] {
        var styles: [(id: String, style: String)] = []
        var seen = Set<String>()
        for properties in places.lazy.map(\.place.properties) + shapes.lazy.map(\.properties) {
            guard let style = properties[KMLBuilder.styleProperty], let url = properties["styleUrl"], url.hasPrefix("#") else { continue }
            let id = String(url.dropFirst())
            if !id.isEmpty, seen.insert(id).inserted { styles.append((id, style)) }
        }
        return styles
    }

    /// The places grouped by the Folder they go in: those in no collection first (no folder), then
    /// one folder per first collection, in the order the places name them.
    static func inFolderOrder(_ places: [ExportedPlace]) -> [ExportedPlace] {
        folders(of: places).flatMap { $0.map { places[$0] } }
    }

    /// The places' positions grouped by the Folder they go in (`inFolderOrder`).
    private static func folders(of places: [ExportedPlace]) -> [[Int]] {
        var folders: [[Int]] = [[]]
        var positions: [String: Int] = [:]
        for (index, exported) in places.enumerated() {
            guard let first = exported.collections.first else {
                folders[0].append(index)
                continue
            }
            if let position = positions[first] {
                folders[position].append(index)
            } else {
                positions[first] = folders.count
                folders.append([index])
            }
        }
        return folders
    }

    /// The KML document, a placemark at a time. A run of places with the same first collection is one
    /// Folder (a file read as it streams may name a folder again, later: KML allows it, and its
    /// places read back into one collection). A placemark whose style is not among the document's
    /// shared ones has it in its own `Style`.
    struct Document: ExportDocument {
        private var out: String
        /// The Folder open, by its name.
        private var folder: String?
        /// The document's shared styles, by id.
        private let styles: [String: String]

        /// Named `title`, unless the places' file named its document (`file`, with its ExtendedData),
        /// with the shared `styles` (`sharedStyles`) before that, as KML orders a Document's elements.
        init(title: String, file: SourceDocument? = nil, styles shared: [(id: String, style: String)] = []) {
            out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
                + #"<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>\#(XMLText.escaped(file?.name ?? title))</name>"# + "\n"
            for (id, style) in shared { out += "  <Style id=\"\(XMLText.escaped(id))\">\(style)</Style>\n" }
            styles = Dictionary(shared.map { ($0.id, $0.style) }, uniquingKeysWith: { first, _ in first })
            if let foreign = file?.foreign(for: .kml) { out += "  <ExtendedData>\(foreign)</ExtendedData>\n" }
        }

        mutating func add(_ place: ExportedPlace, emit: (String) -> Void) {
            let name = place.collections.first
            if name != folder {
                if folder != nil { out += "  </Folder>\n" }
                if let name { out += "  <Folder><name>\(XMLText.escaped(name))</name>\n" }
                folder = name
            }
            KMLWriter.write(place, styles: styles, to: &out)
            ExportText.hand(&out, to: emit)
        }

        mutating func add(_ shape: PlaceShape, emit: (String) -> Void) {
            closeFolder()
            KMLWriter.write(shape, styles: styles, to: &out)
            ExportText.hand(&out, to: emit)
        }

        mutating func finish(emit: (String) -> Void) {
            closeFolder()
            emit(out + "</Document></kml>\n")
            out = ""
        }

        private mutating func closeFolder() {
            if folder != nil { out += "  </Folder>\n" }
            folder = nil
        }
    }

    /// Properties written as KML's own elements, not as `Data`.
    private static let ownElements: Set<String> = ["address", "phoneNumber", "Snippet", "styleUrl", KMLBuilder.styleProperty]

    /// The elements a Feature has before its description, in KML's order.
    private static func writeLeading(_ properties: PlaceProperties, to out: inout String) {
        for name in ["address", "phoneNumber", "Snippet"] {
            if let text = properties[name] { out += "<\(name)>\(XMLText.escaped(text))</\(name)>" }
        }
    }

    /// The `styleUrl`, and the placemark's own `Style` when the document's under that id is not its style.
    private static func writeStyle(_ properties: PlaceProperties, styles: [String: String], to out: inout String) {
        let url = properties["styleUrl"]
        if let url { out += "<styleUrl>\(XMLText.escaped(url))</styleUrl>" }
        guard let style = properties[KMLBuilder.styleProperty] else { return }
        if let url, url.hasPrefix("#"), styles[String(url.dropFirst())] == style { return }
        out += "<Style>\(style)</Style>"
    }

    private static func write(_ exported: ExportedPlace, styles: [String: String], to out: inout String) {
        let place = exported.place
        out += "  <Placemark><name>\(XMLText.escaped(place.name))</name>"
        writeLeading(place.properties, to: &out)
        // A description that came as HTML (My Maps' links) goes back as it came, unless it changed since.
        let original = place.properties[KMLBuilder.htmlDescriptionProperty].flatMap {
            HTMLText.plain($0, links: true) == exported.description ? $0 : nil
        }
        if !exported.description.isEmpty { out += "<description>\(XMLText.escaped(original ?? html(exported.description)))</description>" }
        // A time from KML or GPX, in KML's own element (before ExtendedData, as KML orders them).
        let time = place.properties[KMLBuilder.timeStampProperty] ?? place.properties["time"]
        if let time { out += "<TimeStamp><when>\(XMLText.escaped(time))</when></TimeStamp>" }
        writeStyle(place.properties, styles: styles, to: &out)
        var data = place.category.rawValue.isEmpty ? [] : [(key: "category", value: place.category.rawValue)]
        if !place.link.isEmpty { data.append((key: "link", value: place.link)) }
        if let summary = exported.summaryBesideNotes { data.append((key: "summary", value: summary)) }
        // The folder the placemark is written in is not written again as data.
        let folder = exported.collections.first
        data += place.properties.filter {
            !ownElements.contains($0.key) && !($0.key == "folder" && $0.value == folder) && $0.key != KMLBuilder.timeStampProperty && !(time != nil && $0.key == "time") && !(original != nil && $0.key == KMLBuilder.htmlDescriptionProperty)
        }
        // The first collection is the folder the placemark is in.
        var others = exported
        others.collections = Array(exported.collections.dropFirst())
        data += others.membership
        writeExtendedData(data, to: &out)
        out += "<Point><coordinates>\(place.coordinate.longitude.description),\(place.coordinate.latitude.description)</coordinates></Point></Placemark>\n"
    }

    /// A placemark with a LineString or a Polygon (a MultiGeometry of them for several parts).
    private static func write(_ shape: PlaceShape, styles: [String: String], to out: inout String) {
        out += "  <Placemark><name>\(XMLText.escaped(shape.name))</name>"
        writeLeading(shape.properties, to: &out)
        if !shape.summary.isEmpty { out += "<description>\(XMLText.escaped(html(shape.summary)))</description>" }
        writeStyle(shape.properties, styles: styles, to: &out)
        writeExtendedData(shape.properties.filter { !ownElements.contains($0.key) }, to: &out)
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
