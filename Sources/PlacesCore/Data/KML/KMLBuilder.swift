/// Turns the elements of a KML document into places and shapes as `XMLEventReader` walks it, keeping
/// only the placemark being read and the names of the folders around it.
final class KMLBuilder: XMLEventHandler {
    /// The placemark being read.
    private struct Placemark {
        var number: Int
        var id: String?
        var position: TextPosition
        /// The element depth of the `Placemark` element.
        var depth: Int
        var properties: [(path: String, text: String)] = []
        var points: [Coordinate] = []
        var lines: [[Coordinate]] = []
        var rings: [[Coordinate]] = []
        /// Why the placemark cannot be drawn: the first bad coordinates, with where they are.
        var problem: String?
        /// Other apps' elements in its `ExtendedData` (Organic Maps' `mwm:`), as they came.
        var foreign: XMLFragmentWriter?
        /// The depth of the foreign element being written out, while it is.
        var foreignDepth: Int?
        /// Its own `Style`'s children, as they came.
        var style: String?
    }

    /// A `Style` being written out (its children: IconStyle, LineStyle…), or a `StyleMap` being read.
    private enum StyleReading {
        /// A `Style` element at `depth`: of the document when `id` is set, else of the placemark.
        case style(depth: Int, id: String?, writer: XMLFragmentWriter)
        /// A `StyleMap` at `depth`, with the `key` of the `Pair` being read.
        case styleMap(depth: Int, id: String, key: String)
    }

    /// The property that keeps other apps' `ExtendedData` elements as XML, for a KML export to write back.
    static let extendedDataProperty = "kml:extendedData"
    /// The property that keeps the placemark's style (the `Style` its `styleUrl` names, through a
    /// StyleMap's normal style, or its own), as the XML of its children: its colours are the
    /// marker's and the line's (`FileColour`), and a KML export writes it back.
    static let styleProperty = "kml:style"

    /// The elements inside a placemark that matter.
    private enum Element: Equatable {
        case point, lineString, linearRing, track, coordinates, coord, data, value, simpleData, extendedData, timeStamp, when, text(String), other

        /// Elements whose text is a property of the placemark when they are its children.
        static let texts: [StaticString] = ["name", "description", "address", "phoneNumber", "styleUrl", "Snippet"]

        init(_ name: XMLName) {
            if name.is("coordinates") { self = .coordinates
            } else if name.is("Point") { self = .point
            } else if name.is("LineString") { self = .lineString
            } else if name.is("LinearRing") { self = .linearRing
            } else if name.is("Track") { self = .track
            } else if name.is("coord") { self = .coord
            } else if name.is("Data") { self = .data
            } else if name.is("value") { self = .value
            } else if name.is("SimpleData") { self = .simpleData
            } else if name.is("ExtendedData") { self = .extendedData
            } else if name.is("TimeStamp") { self = .timeStamp
            } else if name.is("when") { self = .when
            } else if let text = Self.texts.first(where: name.is) { self = .text(text.description)
            } else { self = .other }
        }
    }

    // Called by one `XMLEventReader` on one thread, and no property is accessed again inside a call
    // that holds it: the dynamic exclusivity checks are left out (see `XMLEventReader`).
    @exclusivity(unchecked) private(set) var failure: ImportError?
    var hasFailed: Bool { failure != nil }
    @exclusivity(unchecked) private(set) var tally = ImportTally()
    private let maker: FeatureMaker
    private let makesFeatures: Bool
    private let each: (ImportedFeature) -> Void
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var sawRoot = false
    /// The open `Folder` elements: their depth and name (empty until their `name` is read).
    @exclusivity(unchecked) private var folders: [(depth: Int, name: String)] = []
    /// The depth of the open `Document`, and its name once read.
    @exclusivity(unchecked) private var document: (depth: Int, name: String)?
    /// Organic Maps (or Maps.me, CoMaps) wrote the document: its name is the list its placemarks are in.
    @exclusivity(unchecked) private var isOrganicMaps = false
    /// The document's `Style`s by id, as the XML of their children.
    @exclusivity(unchecked) private var styles: [String: String] = [:]
    /// The document's `StyleMap`s by id: the URL of their normal style.
    @exclusivity(unchecked) private var styleMaps: [String: String] = [:]
    @exclusivity(unchecked) private var styleReading: StyleReading?
    /// The document's own `ExtendedData` (an Organic Maps list's `mwm:` data), while it is read, and its depth.
    @exclusivity(unchecked) private var documentData: (depth: Int, writer: XMLFragmentWriter)?
    @exclusivity(unchecked) private var placemark: Placemark?
    @exclusivity(unchecked) private var placemarks = 0
    /// The open elements inside the placemark, its own first.
    @exclusivity(unchecked) private var path: [Element] = []
    /// The `name` attribute of the `Data` or `SimpleData` being read.
    @exclusivity(unchecked) private var dataName: String?

    init(maker: FeatureMaker, makesFeatures: Bool, each: @escaping (ImportedFeature) -> Void) {
        self.maker = maker
        self.makesFeatures = makesFeatures
        self.each = each
    }

    /// Readies the builder for the next document of a KMZ (its root element is checked again).
    func endDocument() throws(ImportError) {
        if let failure { throw failure }
        guard sawRoot else { throw .notKML(tr("the document has no <kml> element")) }
        sawRoot = false
        depth = 0
        folders.removeAll()
        document = nil
        isOrganicMaps = false
        styles = [:]
        styleMaps = [:]
        documentsRead += 1
    }

    @exclusivity(unchecked) private var documentsRead = 0

    func finish() throws(ImportError) -> ImportTally {
        if documentsRead > 0, !sawRoot { return tally }
        if let failure { throw failure }
        guard sawRoot else { throw .notKML(tr("the document has no <kml> element")) }
        return tally
    }

    func start(_ name: XMLName, prefix: XMLName?, namespace: XMLName?, attributes: XMLAttributes, at position: () -> TextPosition) {
        depth += 1
        guard sawRoot else {
            sawRoot = true
            if !name.is("kml") { failure = .notKML(tr("the root element is <{name}>, not <kml>", ["name": name.string.clipped(to: 40)])) }
            return
        }
        if !isOrganicMaps, let namespace, Self.organicMapsNamespaces.contains(where: namespace.is) { isOrganicMaps = true }
        if startStyle(name, prefix: prefix, namespace: namespace, attributes: attributes) {
            if placemark != nil { path.append(.other) }
            return
        }
        guard placemark != nil else {
            if var data = documentData {
                // A document in no namespace is KML all the same.
                data.writer.start(name.string, prefix: prefix?.string, namespace: namespace?.string ?? data.writer.defaultNamespace, attributes: attributes.all)
                documentData = data
                return
            }
            if makesFeatures, name.is("ExtendedData"), let document, document.depth == depth - 1, folders.isEmpty {
                documentData = (depth, XMLFragmentWriter(defaultNamespace: namespace?.string ?? Self.kmlNamespace))
                return
            }
            if name.is("Document"), document == nil {
                document = (depth, "")
            } else if name.is("Folder") {
                folders.append((depth, ""))
            } else if name.is("Placemark") {
                placemarks += 1
                placemark = Placemark(number: placemarks, id: attributes["id"], position: position(), depth: depth)
                path = [.other]
            }
            return
        }
        let element = Element(name)
        switch element {
        case .data, .simpleData: dataName = attributes["name"]
        case .track: placemark?.lines.append([])
        default: break
        }
        // An element of another namespace right inside the placemark's ExtendedData, and all inside it.
        if makesFeatures, placemark?.foreignDepth != nil || (path.count == 2 && path[1] == .extendedData && !Self.isKML(namespace)) {
            if placemark?.foreignDepth == nil { placemark?.foreignDepth = depth }
            if placemark?.foreign == nil { placemark?.foreign = XMLFragmentWriter(defaultNamespace: Self.kmlNamespace) }
            placemark?.foreign?.start(name.string, prefix: prefix?.string, namespace: namespace?.string, attributes: attributes.all)
        }
        path.append(element)
    }

    func end(_ name: XMLName, namespace: XMLName?, text: () -> String) {
        defer { depth -= 1 }
        if endStyle(name, text: text) {
            if placemark != nil { path.removeLast() }
            return
        }
        guard let current = placemark?.depth else {
            if var data = documentData {
                if depth > data.depth {
                    data.writer.end(text: text())
                    documentData = data
                } else {
                    if !data.writer.text.isEmpty, tally.document.foreign == nil {
                        tally.document.foreign = data.writer.text
                        tally.document.format = .kml
                    }
                    documentData = nil
                }
            } else if name.is("name"), let folder = folders.last, folder.depth == depth - 1 {
                folders[folders.count - 1].name = text().trimmedOfWhitespace
            } else if name.is("name"), document?.depth == depth - 1 {
                document?.name = text().trimmedOfWhitespace
                if let name = document?.name, !name.isEmpty, makesFeatures, tally.document.name == nil { tally.document.name = name }
            } else if name.is("Folder"), folders.last?.depth == depth {
                folders.removeLast()
            }
            return
        }
        if depth == current {
            let finished = placemark!
            placemark = nil
            path.removeAll(keepingCapacity: true)
            return finish(finished)
        }
        defer { path.removeLast() }
        if let foreign = placemark?.foreignDepth, depth >= foreign {
            placemark?.foreign?.end(text: text())
            if depth == foreign { placemark?.foreignDepth = nil }
            return
        }
        let element = path[path.count - 1]
        let parent = path.count >= 2 ? path[path.count - 2] : .other
        switch (element, parent) {
        case (.coordinates, let geometry):
            read(coordinates: text(), in: geometry)
        case (.coord, .track):
            // gx:Track writes one "longitude latitude altitude" per gx:coord.
            read(coordinates: text().split(separator: " ", omittingEmptySubsequences: true).prefix(2).joined(separator: ","), in: .track)
        case (.value, .data), (.simpleData, _):
            if makesFeatures, let dataName { placemark?.properties.append((dataName, text().trimmedOfWhitespace)) }
        case (.when, .timeStamp) where path.count == 3 && makesFeatures:
            let value = text().trimmedOfWhitespace
            if !value.isEmpty { placemark?.properties.append((Self.timeStampProperty, value)) }
        case (.text("description"), _) where path.count == 2 && makesFeatures:
            let html = text()
            let value = HTMLText.plain(html, links: true)
            guard !value.isEmpty else { break }
            placemark?.properties.append(("description", value))
            // Markup beyond line breaks (Google My Maps' links and images) is kept as it came, for a KML export.
            if HTMLText.hasMarkup(beyondLineBreaks: html) {
                placemark?.properties.append((Self.htmlDescriptionProperty, html.trimmedOfWhitespace))
            }
        case (.text(let local), _) where path.count == 2 && makesFeatures:
            let value = text().trimmedOfWhitespace
            if !value.isEmpty { placemark?.properties.append((local, value)) }
        default:
            break
        }
    }

    /// Starts or goes on reading a style: a `Style` of the document or of the placemark (its own,
    /// right inside it), written out; a `StyleMap` of the document, its normal style's URL kept.
    /// Returns whether the element is part of a style.
    private func startStyle(_ name: XMLName, prefix: XMLName?, namespace: XMLName?, attributes: XMLAttributes) -> Bool {
        switch styleReading {
        case .style(let at, let id, var writer)?:
            writer.start(name.string, prefix: prefix?.string, namespace: namespace?.string ?? writer.defaultNamespace, attributes: attributes.all)
            styleReading = .style(depth: at, id: id, writer: writer)
            return true
        case .styleMap?:
            return true
        case nil:
            guard makesFeatures, Self.isKML(namespace) else { return false }
            let ownStyle = placemark != nil && path.count == 1
            if name.is("Style"), ownStyle || (placemark == nil && attributes["id"] != nil) {
                let writer = XMLFragmentWriter(defaultNamespace: namespace?.string ?? Self.kmlNamespace)
                styleReading = .style(depth: depth, id: ownStyle ? nil : attributes["id"], writer: writer)
                return true
            }
            if placemark == nil, name.is("StyleMap"), let id = attributes["id"] {
                styleReading = .styleMap(depth: depth, id: id, key: "")
                return true
            }
            return false
        }
    }

    /// Ends an element of a style; returns whether it was one.
    private func endStyle(_ name: XMLName, text: () -> String) -> Bool {
        switch styleReading {
        case .style(let at, let id, var writer)? where depth > at:
            writer.end(text: text())
            styleReading = .style(depth: at, id: id, writer: writer)
        case .style(_, let id, let writer)?:
            if let id { styles[id] = writer.text } else { placemark?.style = writer.text }
            styleReading = nil
        case .styleMap(let at, let id, let key)? where depth > at:
            if name.is("key") {
                styleReading = .styleMap(depth: at, id: id, key: text().trimmedOfWhitespace)
            } else if name.is("styleUrl"), key == "normal" {
                styleMaps[id] = text().trimmedOfWhitespace
            }
        case .styleMap?:
            styleReading = nil
        case nil:
            return false
        }
        return true
    }

    /// The XML of the children of the style `url` names ("#id"), through a StyleMap's normal style.
    private func style(named url: String) -> String? {
        guard url.hasPrefix("#") else { return nil }
        let id = String(url.dropFirst())
        if let normal = styleMaps[id] {
            return normal.hasPrefix("#") ? styles[String(normal.dropFirst())] : nil
        }
        return styles[id]
    }

    /// The property that keeps a description's HTML as it came, when it holds more than text.
    static let htmlDescriptionProperty = "description.html"

    /// The property a placemark's `TimeStamp` is kept under (GPX's `time` is another name for it).
    static let timeStampProperty = "TimeStamp"
    static let kmlNamespace = "http://www.opengis.net/kml/2.2"
    /// The namespaces of the `mwm:` elements Organic Maps, CoMaps and Maps.me write.
    private static let organicMapsNamespaces: [StaticString] = ["https://omaps.app", "https://comaps.app", "https://maps.me"]

    /// KML's namespaces (2.2, and Google Earth's older ones), or none.
    private static func isKML(_ namespace: XMLName?) -> Bool {
        guard let namespace, !namespace.isEmpty else { return true }
        let text = namespace.string
        return text == kmlNamespace || text.hasPrefix("http://earth.google.com/kml/") || text == "http://www.google.com/kml/ext/2.2"
    }

    /// Reads "lon,lat[,alt]" tuples separated by white space into the geometry `parent` says.
    private func read(coordinates text: String, in parent: Element) {
        guard placemark?.problem == nil else { return }
        let positions: [Coordinate]
        switch KMLCoordinates.parse(text) {
        case .success(let read): positions = read
        case .failure(let problem):
            placemark?.problem = problem.reason
            return
        }
        switch parent {
        case .point: placemark?.points += positions
        case .lineString: placemark?.lines.append(positions)
        case .linearRing: placemark?.rings.append(positions)
        case .track:
            let last = (placemark?.lines.count ?? 0) - 1
            if last >= 0 { placemark?.lines[last] += positions }
        default: break
        }
    }

    private func finish(_ placemark: Placemark) {
        var name: String { tr("placemark {number} ({position})", ["number": String(placemark.number), "position": placemark.position.description]) }
        if let problem = placemark.problem { return tally.skip(tr("{feature}: {reason}", ["feature": name, "reason": problem])) }
        let lines = placemark.lines.filter { $0.count >= 2 }
        let rings = placemark.rings.filter { $0.count >= 3 }
        guard !placemark.points.isEmpty || !lines.isEmpty || !rings.isEmpty else {
            return tally.skip(tr("{feature}: it has no point, line or polygon", ["feature": name]))
        }
        let id = placemark.id ?? "placemark\(placemark.number)"
        tally.places += placemark.points.count
        if !lines.isEmpty { tally.lines += 1 }
        if !rings.isEmpty { tally.areas += 1 }
        guard makesFeatures else { return }
        var properties = placemark.properties
        if let xml = placemark.foreign?.text, !xml.isEmpty { properties.append((Self.extendedDataProperty, xml)) }
        let url = properties.first { $0.path == "styleUrl" }?.text
        if let style = placemark.style ?? url.flatMap(style(named:)), !style.isEmpty { properties.append((Self.styleProperty, style)) }
        // The folder path is the list a point is in (a Google My Maps layer), a collection once
        // imported, and kept as its `folder` too (a file opened again at launch makes no collection).
        // An Organic Maps file is one list.
        let folder = folders.map(\.name).filter { !$0.isEmpty }.joined(separator: "/")
        if !folder.isEmpty { properties.append(("folder", folder)) }
        let fields = FeatureFields(properties)
        var groups = fields.groups
        if let list = folder.isEmpty ? (isOrganicMaps ? document?.name : nil) : folder, !list.isEmpty, !groups.contains(list) {
            groups.insert(list, at: 0)
        }
        let several = placemark.points.count + (lines.isEmpty ? 0 : 1) + (rings.isEmpty ? 0 : 1) > 1
        for (index, point) in placemark.points.enumerated() {
            each(.place(maker.place(at: point, fields: fields, id: several ? "\(id)#\(index + 1)" : id, number: placemark.number), groups: groups))
        }
        if !lines.isEmpty {
            each(.shape(maker.shape(.line, parts: lines, fields: fields, id: several ? "\(id)#line" : id, number: placemark.number)))
        }
        if !rings.isEmpty {
            each(.shape(maker.shape(.area, parts: rings, fields: fields, id: several ? "\(id)#area" : id, number: placemark.number)))
        }
    }
}
