/// Writes elements read by `XMLEventReader` out again as XML text: what a GPX waypoint's
/// `<extensions>` hold (OsmAnd's colour and icon, Garmin's categories), kept as it came so that an
/// export gives it back to the app that wrote it. Each element's namespace is declared on it (under
/// the prefix its app uses, `osmand:`, `gpxx:`, or `ns1:`…), so the fragment stands alone; the
/// character data of an element comes after its children (extensions hold one or the other).
struct XMLFragmentWriter {
    private(set) var text = ""
    /// The open elements' qualified names and namespaces.
    private var open: [(name: String, namespace: String?)] = []
    /// Namespaces without a usual prefix, numbered as met.
    private var others: [String] = []

    /// The namespace of the document's own elements (GPX's), written without a prefix.
    let defaultNamespace: String

    init(defaultNamespace: String) {
        self.defaultNamespace = defaultNamespace
    }

    private static let usualPrefixes = [
        "https://osmand.net/docs/technical/osmand-file-formats/osmand-gpx": "osmand", "https://osmand.net": "osmand", "http://osmand.net": "osmand",
        "http://www.garmin.com/xmlschemas/GpxExtensions/v3": "gpxx", "http://www.garmin.com/xmlschemas/WaypointExtension/v1": "wptx1",
        "http://www.garmin.com/xmlschemas/TrackPointExtension/v1": "gpxtpx", "http://www.garmin.com/xmlschemas/TrackPointExtension/v2": "gpxtpx",
    ]

    private mutating func prefix(for namespace: String) -> String {
        if let usual = Self.usualPrefixes[namespace] { return usual }
        if let index = others.firstIndex(of: namespace) { return "ns\(index + 1)" }
        others.append(namespace)
        return "ns\(others.count)"
    }

    mutating func start(_ local: String, namespace: String?, attributes: [(name: String, namespace: String?, value: String)]) {
        var tag = "<"
        var declarations = ""
        var name = local
        if let namespace, namespace != defaultNamespace {
            let prefix = prefix(for: namespace)
            name = prefix + ":" + local
            if open.last?.namespace != namespace { declarations += #" xmlns:\#(prefix)="\#(XMLText.escaped(namespace))""# }
        } else if namespace == nil {
            declarations += #" xmlns="""#
        }
        tag += name + declarations
        for attribute in attributes {
            var attributeName = attribute.name
            if let namespace = attribute.namespace {
                let prefix = prefix(for: namespace)
                attributeName = prefix + ":" + attribute.name
                if !tag.contains(" xmlns:\(prefix)=") { tag += #" xmlns:\#(prefix)="\#(XMLText.escaped(namespace))""# }
            }
            tag += #" \#(attributeName)="\#(XMLText.escaped(attribute.value))""#
        }
        text += tag + ">"
        open.append((name, namespace))
    }

    mutating func end(text characters: String) {
        guard let element = open.popLast() else { return }
        if !characters.trimmedOfWhitespace.isEmpty { text += XMLText.escaped(characters) }
        text += "</\(element.name)>"
    }
}
