/// Turns the elements of a GPX document into places and lines as `XMLEventReader` walks it, keeping
/// only the waypoint, route or track being read.
final class GPXBuilder: XMLEventHandler {
    private enum Kind {
        case waypoint, route, track

        var idStem: String {
            switch self {
            case .waypoint: "wpt"
            case .route: "rte"
            case .track: "trk"
            }
        }
    }

    /// The waypoint, route or track being read.
    private struct Feature {
        var kind: Kind
        var number: Int
        var position: TextPosition
        var latitude: String?
        var longitude: String?
        var properties: [(path: String, text: String)] = []
        /// How many times each path repeated so far: the second `gpxx:Category` is kept as `…Category#2`.
        var repeats: [String: Int] = [:]
        /// The paths kept, once there are too many to compare one by one.
        var paths: Set<String>?
        /// Its `<extensions>` as they came, while they are read (other apps' own data, namespaces and all).
        var extensions: XMLFragmentWriter?
        var parts: [[Coordinate]] = []
        /// The first point of a route or track that is off the globe, with where it is.
        var badPoint: String?

        /// Keeps `text` under `path`, numbered from the second time the path comes (a Garmin waypoint's
        /// categories are one element each), so that every value is kept.
        mutating func add(_ path: String, _ text: String) {
            if paths == nil, properties.count >= 16 { paths = Set(properties.map(\.path)) }
            let isNew = paths?.insert(path).inserted ?? !properties.contains { $0.path == path }
            guard !isNew else { return properties.append((path, text)) }
            let number = repeats[path, default: 1] + 1
            repeats[path] = number
            properties.append((path + "#" + String(number), text))
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
    /// Local names of the open elements below the feature's own (its properties' paths).
    @exclusivity(unchecked) private var path: [String] = []
    /// How deep the reader is: 1 inside the root, 2 inside a feature...
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var feature: Feature?
    /// The depth at which a route's or track's points start (`rtept`, `trkseg`): nothing below is a property.
    @exclusivity(unchecked) private var pointsDepth: Int?
    @exclusivity(unchecked) private var counts: [Kind: Int] = [:]
    @exclusivity(unchecked) private var sawRoot = false
    /// The document's own `<extensions>` (OsmAnd's `points_groups`), while they are read, and their depth.
    @exclusivity(unchecked) private var documentExtensions: (depth: Int, writer: XMLFragmentWriter)?
    /// Inside the document's `<metadata>`, whose `name` names the document.
    @exclusivity(unchecked) private var inMetadata = false
    /// The name of the property Places wrote as an extension (`<places:property name="…">`) being read.
    @exclusivity(unchecked) private var extensionProperty: String?
    /// The depth of the feature's `<extensions>` while they are read.
    @exclusivity(unchecked) private var extensionsDepth: Int?
    /// Whether OsmAnd wrote the file (its `creator`): OsmAnd writes a waypoint's `desc` in HTML, and
    /// its `type` is the favourites group the waypoint is in, not its kind.
    @exclusivity(unchecked) private var writtenByOsmAnd = false

    /// The property that keeps a feature's `<extensions>` as XML, for a GPX export to write back.
    static let extensionsProperty = "gpx:extensions"
    /// The property that keeps a description written in HTML as it came.
    static let htmlDescriptionProperty = "desc.html"
    /// The property in Places' namespace that says a waypoint's `desc` is HTML (`html`).
    static let descriptionFormatProperty = "desc.format"
    /// The property in Places' namespace that says a waypoint's `type` names the list it is in
    /// (`group`), as OsmAnd's does, not its kind.
    static let typeRoleProperty = "type.role"
    /// Places' own namespace in GPX, whose `property` elements are properties, not other apps' data.
    static let placesNamespace: StaticString = "urn:places:gpx:1"

    init(maker: FeatureMaker, makesFeatures: Bool, each: @escaping (ImportedFeature) -> Void) {
        self.maker = maker
        self.makesFeatures = makesFeatures
        self.each = each
    }

    /// The tally, once the document has been read.
    func finish() throws(ImportError) -> ImportTally {
        if let failure { throw failure }
        guard sawRoot else { throw .notGPX(tr("the document has no <gpx> element")) }
        return tally
    }

    /// GPX 1.1's and 1.0's namespaces, or none; other namespaces' elements (extensions) are only properties.
    private static func isGPX(_ namespace: XMLName?) -> Bool {
        guard let namespace, !namespace.isEmpty else { return true }
        return namespace.is("http://www.topografix.com/GPX/1/1") || namespace.is("http://www.topografix.com/GPX/1/0")
    }

    func start(_ name: XMLName, prefix: XMLName?, namespace: XMLName?, attributes: XMLAttributes, at position: () -> TextPosition) {
        depth += 1
        guard sawRoot else {
            sawRoot = true
            writtenByOsmAnd = attributes["creator"]?.hasPrefix("OsmAnd") == true
            if !name.is("gpx") {
                failure = .notGPX(tr("the root element is <{name}>, not <gpx>", ["name": name.string.clipped(to: 40)]))
            } else if !Self.isGPX(namespace) {
                failure = .notGPX(tr("its <gpx> element belongs to “{namespace}”, not to GPX 1.0 or 1.1",
                                     ["namespace": namespace?.string.clipped(to: 80) ?? ""]))
            }
            return
        }
        guard feature != nil else {
            if makesFeatures, startDocumentElement(name, prefix: prefix, namespace: namespace, attributes: attributes) { return }
            guard depth == 2, Self.isGPX(namespace) else { return }
            let kind: Kind
            if name.is("wpt") {
                kind = .waypoint
            } else if name.is("rte") {
                kind = .route
            } else if name.is("trk") {
                kind = .track
            } else {
                return
            }
            counts[kind, default: 0] += 1
            feature = Feature(kind: kind, number: counts[kind]!, position: position(),
                              latitude: kind == .waypoint ? attributes["lat"] : nil, longitude: kind == .waypoint ? attributes["lon"] : nil,
                              parts: kind == .route ? [[]] : [])
            return
        }
        if pointsDepth != nil { return trackPoint(name, namespace: namespace, attributes: attributes, at: position) }
        if depth == 3, Self.isGPX(namespace) {
            if name.is("rtept"), feature?.kind == .route {
                pointsDepth = depth
                return addPoint(attributes, at: position)
            }
            if name.is("trkseg"), feature?.kind == .track {
                pointsDepth = depth
                feature?.parts.append([])
                return
            }
            if name.is("link"), makesFeatures, let href = attributes["href"] { feature?.properties.append(("link", href)) }
            if name.is("extensions"), makesFeatures {
                extensionsDepth = depth
                feature?.extensions = XMLFragmentWriter(defaultNamespace: namespace?.string ?? "")
            }
        }
        let isPlacesProperty = name.is("property") && namespace?.is(Self.placesNamespace) == true
        if makesFeatures, isPlacesProperty { extensionProperty = attributes["name"] }
        if let extensionsDepth, depth > extensionsDepth, !isPlacesProperty {
            feature?.extensions?.start(name.string, prefix: prefix?.string, namespace: namespace?.string, attributes: attributes.all)
        }
        path.append(makesFeatures ? name.string : "")
    }

    /// An element of the document's own, outside its features: its `<metadata>` and its `<extensions>`,
    /// kept as they came. Returns whether it was one.
    private func startDocumentElement(_ name: XMLName, prefix: XMLName?, namespace: XMLName?, attributes: XMLAttributes) -> Bool {
        if var extensions = documentExtensions {
            extensions.writer.start(name.string, prefix: prefix?.string, namespace: namespace?.string, attributes: attributes.all)
            documentExtensions = extensions
            return true
        }
        guard depth == 2, Self.isGPX(namespace) else { return inMetadata }
        if name.is("extensions") {
            documentExtensions = (depth, XMLFragmentWriter(defaultNamespace: namespace?.string ?? ""))
            return true
        }
        if name.is("metadata") {
            inMetadata = true
            return true
        }
        return false
    }

    private func endDocumentElement(_ name: XMLName, text: () -> String) {
        if var extensions = documentExtensions {
            if depth > extensions.depth {
                extensions.writer.end(text: text())
                documentExtensions = extensions
            } else {
                if !extensions.writer.text.isEmpty {
                    tally.document.foreign = extensions.writer.text
                    tally.document.format = .gpx
                }
                documentExtensions = nil
            }
        } else if inMetadata, depth == 3, name.is("name") {
            let value = text().trimmedOfWhitespace
            if !value.isEmpty { tally.document.name = value }
        } else if inMetadata, depth == 2 {
            inMetadata = false
        }
    }

    /// An element inside a route point or a track segment: only a track point counts.
    private func trackPoint(_ name: XMLName, namespace: XMLName?, attributes: XMLAttributes, at position: () -> TextPosition) {
        if depth == 4, name.is("trkpt"), feature?.kind == .track, Self.isGPX(namespace) { addPoint(attributes, at: position) }
    }

    func end(_ name: XMLName, namespace: XMLName?, text: () -> String) {
        defer { depth -= 1 }
        guard feature != nil else { return endDocumentElement(name, text: text) }
        if let points = pointsDepth {
            if depth == points { pointsDepth = nil }
            return
        }
        if depth == 2 {
            let finished = feature!
            feature = nil
            path.removeAll(keepingCapacity: true)
            return finish(finished)
        }
        if let extensionsDepth {
            if depth == extensionsDepth {
                self.extensionsDepth = nil
                if let xml = feature?.extensions?.text, !xml.isEmpty { feature?.properties.append((Self.extensionsProperty, xml)) }
                feature?.extensions = nil
            } else if !(name.is("property") && namespace?.is(Self.placesNamespace) == true) {
                feature?.extensions?.end(text: text())
            }
        }
        // Text of an element inside the feature: a property, by its path ("link.text", "extensions.color").
        defer { path.removeLast() }
        guard makesFeatures, path.count <= FeatureFields.propertyDepth else { return }
        if let property = extensionProperty {
            extensionProperty = nil
            feature?.properties.append((property, text()))
            return
        }
        let value = text().trimmedOfWhitespace
        guard !value.isEmpty else { return }
        feature?.add(path.count == 1 ? path[0] : path.joined(separator: "."), value)
    }

    private func addPoint(_ attributes: XMLAttributes, at position: () -> TextPosition) {
        guard feature?.badPoint == nil else { return }
        switch CoordinateCheck.coordinate(latitude: attributes["lat"], longitude: attributes["lon"]) {
        case .success(let coordinate):
            let last = feature!.parts.count - 1
            feature?.parts[last].append(coordinate)
        case .failure(let problem):
            feature?.badPoint = tr("the point at {position}: {reason}", ["position": position().description, "reason": problem.reason])
        }
    }

    private func finish(_ feature: Feature) {
        var feature = feature
        // GPX's desc is plain text, but OsmAnd writes HTML there, and Places marks an HTML one it
        // writes back: shown as text, kept as it came for an export.
        let mark = feature.properties.firstIndex { $0.path == Self.descriptionFormatProperty && $0.text == "html" }
        if let mark { feature.properties.remove(at: mark) }
        if mark != nil || writtenByOsmAnd, let desc = feature.properties.firstIndex(where: { $0.path == "desc" }),
           case let html = feature.properties[desc].text, mark != nil || (html.contains("<") && html.contains(">")) {
            feature.properties[desc].text = HTMLText.plain(html)
            feature.properties.append((Self.htmlDescriptionProperty, html))
        }
        // Made only for a reason: translating costs more than reading the waypoint.
        var name: String {
            switch feature.kind {
            case .waypoint: tr("waypoint {number} ({position})", ["number": String(feature.number), "position": feature.position.description])
            case .route: tr("route {number} ({position})", ["number": String(feature.number), "position": feature.position.description])
            case .track: tr("track {number} ({position})", ["number": String(feature.number), "position": feature.position.description])
            }
        }
        let id = feature.kind.idStem + String(feature.number)
        switch feature.kind {
        case .waypoint:
            switch CoordinateCheck.coordinate(latitude: feature.latitude, longitude: feature.longitude) {
            case .success(let coordinate):
                tally.places += 1
                guard makesFeatures else { return }
                let marked = feature.properties.firstIndex { $0.path == Self.typeRoleProperty && $0.text == "group" }
                if let marked { feature.properties.remove(at: marked) }
                let fields = FeatureFields(feature.properties, groupPath: writtenByOsmAnd || marked != nil ? "type" : nil)
                each(.place(maker.place(at: coordinate, fields: fields, id: id, number: feature.number), groups: fields.groups))
            case .failure(let problem):
                tally.skip(tr("{feature}: {reason}", ["feature": name, "reason": problem.reason]))
            }
        case .route, .track:
            if let badPoint = feature.badPoint {
                return tally.skip(tr("{feature}: {reason}", ["feature": name, "reason": badPoint]))
            }
            let parts = feature.parts.filter { $0.count >= 2 }
            guard !parts.isEmpty else {
                return tally.skip(tr("{feature}: it has no two points to draw a line between", ["feature": name]))
            }
            // Places writes an area as a track marked so (GPX has no areas).
            let isArea = feature.kind == .track && feature.properties.contains { $0.path == "shape" && $0.text == "area" }
            if isArea { tally.areas += 1 } else { tally.lines += 1 }
            guard makesFeatures else { return }
            let properties = isArea ? feature.properties.filter { $0.path != "shape" } : feature.properties
            each(.shape(maker.shape(isArea ? .area : .line, parts: parts, fields: FeatureFields(properties), id: id, number: feature.number)))
        }
    }
}
