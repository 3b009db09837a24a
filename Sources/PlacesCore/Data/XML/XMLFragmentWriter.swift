/// Writes elements read by `XMLEventReader` out again as XML text: what a GPX waypoint's
/// `<extensions>` or a KML placemark's `ExtendedData` hold of other apps' (OsmAnd's colour and icon,
/// Garmin's categories, Organic Maps' names in every language), kept as it came so that an export
/// gives it back to the app that wrote it. Each element keeps its prefix, and its namespace is
/// declared where the fragment first needs it, so the fragment stands alone; the character data of
/// an element comes after its children (such data holds one or the other).
struct XMLFragmentWriter {
    struct Attribute {
        var name: String
        var prefix: String?
        var namespace: String?
        var value: String
    }

    private(set) var text = ""
    /// The open elements' qualified names, and the prefixes declared on each.
    private var open: [(name: String, declared: [String: String])] = []

    /// The namespace of the document's own elements (GPX's, KML's), written without a prefix.
    let defaultNamespace: String

    init(defaultNamespace: String) {
        self.defaultNamespace = defaultNamespace
    }

    /// The prefix `namespace` is declared with among the open elements, if any.
    private func declared(_ namespace: String) -> String? {
        for element in open.reversed() {
            if let prefix = element.declared.first(where: { $0.value == namespace })?.key { return prefix }
        }
        return nil
    }

    mutating func start(_ local: String, prefix: String?, namespace: String?, attributes: [Attribute]) {
        var declarations: [String: String] = [:]
        var tag = "<"
        /// The prefix to write `namespace` with, declared on this element when no open one has it.
        func qualified(_ name: String, prefix: String?, namespace: String) -> String {
            let chosen = declared(namespace) ?? declarations.first { $0.value == namespace }?.key ?? prefix ?? "ns\(open.count + declarations.count + 1)"
            if declared(namespace) == nil { declarations[chosen] = namespace }
            return chosen + ":" + name
        }
        let name: String
        if let namespace, namespace != defaultNamespace {
            name = qualified(local, prefix: prefix, namespace: namespace)
        } else {
            name = local
        }
        var attributeText = ""
        for attribute in attributes {
            let attributeName = attribute.namespace.map { qualified(attribute.name, prefix: attribute.prefix, namespace: $0) } ?? attribute.name
            attributeText += #" \#(attributeName)="\#(XMLText.escaped(attribute.value))""#
        }
        tag += name
        if namespace == nil { tag += #" xmlns="""# }
        for (prefix, uri) in declarations.sorted(by: { $0.key < $1.key }) { tag += #" xmlns:\#(prefix)="\#(XMLText.escaped(uri))""# }
        text += tag + attributeText + ">"
        open.append((name, declarations))
    }

    mutating func end(text characters: String) {
        guard let element = open.popLast() else { return }
        if !characters.trimmedOfWhitespace.isEmpty { text += XMLText.escaped(characters) }
        text += "</\(element.name)>"
    }
}
