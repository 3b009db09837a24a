/// Makes the places and shapes of one file: their source, their ids (the file's own, or the feature's
/// position, after the prefix that keeps different files' ids apart) and the names of unnamed ones.
struct FeatureMaker: Sendable {
    let source: PlaceSource.ID
    /// Prefix for ids: the source id and a slash for imported files, nothing for bundled data.
    let idPrefix: String

    init(source: PlaceSource.ID, idPrefix: String? = nil) {
        self.source = source
        self.idPrefix = idPrefix ?? (source == PlaceSource.bundledID ? "" : source + "/")
    }

    /// A place at `coordinate`; `number` is the feature's position in the file, for an unnamed place's name.
    func place(at coordinate: Coordinate, fields: FeatureFields, id: String, number: Int) -> Place {
        Place(
            id: prefixed(id),
            name: fields.name ?? tr("Unnamed place {number}", ["number": String(number)]),
            category: fields.kind,
            coordinate: coordinate,
            summary: fields.summary ?? "",
            source: source,
            properties: fields.kept,
            link: fields.link ?? ""
        )
    }

    /// `id` after `idPrefix`, made in one piece: `idPrefix + id` copied the prefix into a string
    /// of its own, then grew it for the id, once for every feature of an import.
    private func prefixed(_ id: String) -> String {
        guard !idPrefix.isEmpty else { return id }
        var prefix = idPrefix, id = id
        return prefix.withUTF8 { prefix in
            id.withUTF8 { id in
                String(unsafeUninitializedCapacity: prefix.count + id.count) { buffer in
                    _ = buffer.initialize(fromContentsOf: prefix)
                    _ = buffer[prefix.count...].initialize(fromContentsOf: id)
                    return prefix.count + id.count
                }
            }
        }
    }

    /// A line or an area of `parts`; `number` is the feature's position in the file, for an unnamed shape's name.
    func shape(_ kind: PlaceShape.Kind, parts: [[Coordinate]], fields: FeatureFields, id: String, number: Int) -> PlaceShape {
        let unnamed = switch kind {
        case .line: tr("Unnamed line {number}", ["number": String(number)])
        case .area: tr("Unnamed area {number}", ["number": String(number)])
        }
        // A shape shows no kind and no link: they stay with its properties, for export (before what was
        // kept: a null at `link` must not hide the `website` read as the link).
        var shown: [PlaceProperties.TypedElement] = []
        if let category = fields.category { shown.append((key: "category", value: category, kind: .text)) }
        if let link = fields.link { shown.append((key: "link", value: link, kind: .text)) }
        return PlaceShape(
            id: prefixed(id), name: fields.name ?? unnamed, kind: kind, parts: parts, summary: fields.summary ?? "",
            source: source, properties: shown.isEmpty ? fields.kept : PlaceProperties(typed: shown + fields.kept.typed)
        )
    }
}
