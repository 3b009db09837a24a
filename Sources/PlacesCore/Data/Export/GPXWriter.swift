/// Writes places as GPX 1.1 waypoints, which GPS devices, OsmAnd and route planners open. What GPX
/// defines goes in its own elements, in the order its schema requires: elevation and time kept from
/// a GPX file, the name, the notes (or else the line about the place) as `desc`, the link, the kind
/// as `type` (as `sym` when the file's generic `type`, Garmin's "user", is kept beside it). Every
/// other property, the favourite flag and the collections go in `extensions`, in Places' namespace
/// (`<places:property name="…">`), so that an export reads back the same. Lines are tracks, a
/// segment per part; GPX has no areas, so an area is a track along its rings, marked as an area in
/// Places' namespace (`shape` = `area`) for Places to read it back as one.
public enum GPXWriter {
    /// wptType's elements before `name`, and those between `link` and `extensions`, as GPX 1.1 orders them.
    private static let leading = ["ele", "time", "magvar", "geoidheight"]
    private static let trailing = ["fix", "sat", "hdop", "vdop", "pdop", "ageofdgpsdata", "dgpsid"]
    /// Properties written as elements of their own, not as extensions.
    private static let standard = Set(leading + trailing + ["cmt", "src", "sym", "type", "link.text", "link.type"])

    public static func write(_ places: [Place]) -> String {
        write(places.map { ExportedPlace($0) })
    }

    public static func write(_ places: [ExportedPlace], shapes: [PlaceShape] = []) -> String {
        ExportFormat.gpx.text(for: places, shapes: shapes, title: "")
    }

    /// The GPX document, a waypoint or a track at a time (tracks after the waypoints, as GPX orders them).
    /// What the places' file said about itself goes back: its name in `metadata`, other apps' data
    /// (OsmAnd's favourites groups) in the document's `extensions`, after its tracks.
    struct Document: ExportDocument {
        private var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
            + #"<gpx version="1.1" creator="Places" xmlns="http://www.topografix.com/GPX/1/1" xmlns:places="urn:places:gpx:1">"# + "\n"
        private let foreign: String?

        init(file: SourceDocument? = nil) {
            foreign = file?.foreign(for: .gpx)
            if let name = file?.name { out += "  <metadata><name>\(XMLText.escaped(name))</name></metadata>\n" }
        }

        mutating func add(_ place: ExportedPlace, emit: (String) -> Void) {
            GPXWriter.write(place, to: &out)
            ExportText.hand(&out, to: emit)
        }

        mutating func add(_ shape: PlaceShape, emit: (String) -> Void) {
            GPXWriter.write(shape, to: &out)
            ExportText.hand(&out, to: emit)
        }

        mutating func finish(emit: (String) -> Void) {
            if let foreign { out += "  <extensions>\(foreign)</extensions>\n" }
            emit(out + "</gpx>\n")
            out = ""
        }
    }

    /// `<name>text</name>`, when there is text.
    private static func element(_ name: String, _ text: String?, to out: inout String) {
        guard let text, !text.isEmpty else { return }
        out += "<\(name)>\(XMLText.escaped(text))</\(name)>"
    }

    /// A track (trkType: name, desc, link, type, extensions, then the segments).
    private static func write(_ shape: PlaceShape, to out: inout String) {
        func element(_ name: String, _ text: String?) { Self.element(name, text, to: &out) }
        out += "  <trk>"
        element("name", shape.name)
        element("desc", shape.summary)
        if let link = shape.properties["link"] { out += #"<link href="\#(XMLText.escaped(link))"/>"# }
        element("type", shape.properties["category"])
        var extensions = shape.properties.filter { $0.key != "link" && $0.key != "category" }.map { $0 }
        if shape.kind == .area { extensions.append((key: "shape", value: "area")) }
        writeExtensions(extensions, to: &out)
        for part in shape.parts {
            out += "<trkseg>"
            for point in shape.kind == .area ? GeoJSONWriter.closed(part) : part {
                out += #"<trkpt lat="\#(point.latitude.description)" lon="\#(point.longitude.description)"/>"#
            }
            out += "</trkseg>"
        }
        out += "</trk>\n"
    }

    private static func write(_ exported: ExportedPlace, to out: inout String) {
        let place = exported.place
        let properties = place.properties
        func element(_ name: String, _ text: String?) { Self.element(name, text, to: &out) }
        out += #"  <wpt lat="\#(place.coordinate.latitude.description)" lon="\#(place.coordinate.longitude.description)">"#
        // A KML placemark's TimeStamp is GPX's time.
        let kmlTime = properties["time"] == nil ? properties[KMLBuilder.timeStampProperty] : nil
        for name in leading { element(name, name == "time" ? properties["time"] ?? kmlTime : properties[name]) }
        element("name", place.name)
        element("cmt", properties["cmt"])
        // A description that came as HTML (OsmAnd's) goes back as it came, unless it changed since.
        let html = properties[GPXBuilder.htmlDescriptionProperty].flatMap { HTMLText.plain($0) == exported.description ? $0 : nil }
        element("desc", html ?? exported.description)
        element("src", properties["src"])
        if !place.link.isEmpty {
            out += #"<link href="\#(XMLText.escaped(place.link))">"#
            element("text", properties["link.text"])
            element("type", properties["link.type"])
            out += "</link>"
        }
        // A type kept beside the kind is generic (the kind came from the symbol) or names a list (OsmAnd's
        // group), which the place is in as a collection; marked so for Places to read it back so.
        let typeIsList = properties["type"].map { exported.collections.contains($0) } ?? false
        if let generic = properties["type"] {
            element("sym", properties["sym"] ?? place.category.rawValue)
            element("type", generic)
        } else {
            element("sym", properties["sym"])
            element("type", place.category.rawValue)
        }
        for name in trailing { element(name, properties[name]) }
        var extensions = properties.filter {
            !standard.contains($0.key) && !(html != nil && $0.key == GPXBuilder.htmlDescriptionProperty) && !(kmlTime != nil && $0.key == KMLBuilder.timeStampProperty)
        }.map { $0 }
        if let summary = exported.summaryBesideNotes { extensions.append((key: "summary", value: summary)) }
        if html != nil { extensions.append((key: GPXBuilder.descriptionFormatProperty, value: "html")) }
        if typeIsList { extensions.append((key: GPXBuilder.typeRoleProperty, value: "group")) }
        extensions += exported.membership
        writeExtensions(extensions, to: &out)
        out += "</wpt>\n"
    }

    /// `<extensions>`: another app's, as they came (`gpx:extensions`), then the properties in Places'
    /// namespace, less those read from the extensions that are written back.
    private static func writeExtensions(_ properties: [(key: String, value: String)], to out: inout String) {
        let verbatim = properties.first { $0.key == GPXBuilder.extensionsProperty }?.value
        let rest = properties.filter { $0.key != GPXBuilder.extensionsProperty && !(verbatim != nil && $0.key.hasPrefix("extensions.")) }
        guard verbatim != nil || !rest.isEmpty else { return }
        out += "<extensions>" + (verbatim ?? "")
        for (key, value) in rest {
            out += #"<places:property name="\#(XMLText.escaped(key))">\#(XMLText.escaped(value))</places:property>"#
        }
        out += "</extensions>"
    }
}
