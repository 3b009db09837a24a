import Foundation

/// The rules that turn a feature's properties, as a file names them, into what a place shows: its
/// name, one line about it, its kind, a web link and whether the exporter says it has no location.
/// One place for the rules every reader shares, so that a file reads the same whatever its format.
///
/// Nested properties are named by their path, "location.name", so that the layouts people bring
/// read as expected: Google Takeout's saved places put the name and address under `location`
/// (`location.name`, `location.address`) and the link in `google_maps_url`; its older layout uses
/// `Title`, `Location.Business Name`, `Location.Address` and `Google Maps URL`.
public struct FeatureFields: Sendable {
    /// Deepest nesting of properties readers keep (`location.name` is 2, GPX's `link.text` too);
    /// deeper values are not kept.
    static let propertyDepth = 4

    public var name: String?
    public var summary: String?
    /// The kind as the file wrote it.
    public var category: String? {
        didSet { kind = Category(rawValue: category ?? "") }
    }
    /// `category` read as a kind, once: every place of an import is given it.
    public private(set) var kind = Category.other("")
    public var link: String?
    /// The exporter's own words that the feature has no location: the feature is skipped with them.
    public var noLocation: String?
    /// The lists the file puts the feature in, which become collections: Places' own `collections`
    /// (`collections#1`…, not kept as properties: the collections hold them), and the value of the
    /// reader's `groupPath` (OsmAnd's `type`, kept as it came).
    public var groups: [String] = []
    /// Every other property, by path.
    public var kept = PlaceProperties()

    private enum Role: Int, CaseIterable { case name, summary, category, link, comment }

    /// The paths each rule names, in order of preference (the first with a usable value wins),
    /// matched ignoring case.
    private static let rules: [(role: Role, paths: [String])] = [
        (.name, ["name", "title", "location.name", "location.business name"]),
        // A line about the place; the address serves when there is none.
        // GPX writes "desc" and "cmt"; "sym" is a GPS device's symbol name ("Flag, Blue", "Restaurant").
        (.summary, ["description", "desc", "summary", "cmt", "location.address", "address"]),
        (.category, ["category", "amenity", "tourism", "shop", "type", "featurecla", "sym"]),
        // A web page about the place.
        (.link, ["url", "link", "website", "google_maps_url", "google maps url"]),
        // Where an exporter says why a feature has no real position (Takeout writes "No location
        // information is available for this saved place" and coordinates 0, 0).
        (.comment, ["comment"]),
    ]

    /// Every rule's paths as bytes, with the rule and the rank, by the path's length in bytes: a
    /// path is compared only with the few of its length.
    private static let table: [[(path: PropertyBuffer.Path, role: Role, rank: Int)]] = {
        let paths = rules.flatMap { rule in rule.paths.enumerated().map { (path: PropertyBuffer.Path($1), role: rule.role, rank: $0) } }
        var table = Array(repeating: [(path: PropertyBuffer.Path, role: Role, rank: Int)](), count: (paths.map(\.path.bytes.count).max() ?? 0) + 1)
        for path in paths { table[path.path.bytes.count].append(path) }
        return table
    }()

    private static let commentPath = PropertyBuffer.Path("comment")

    /// The rule that names the entry's path (ignoring ASCII case), with the path's rank in it.
    private static func role(of entry: PropertyBuffer.Entry, in properties: PropertyBuffer) -> (role: Role, rank: Int)? {
        guard entry.path.count < table.count else { return nil }
        for rule in table[entry.path.count] where properties.path(entry, is: rule.path) { return (rule.role, rule.rank) }
        return nil
    }

    /// Sorts `properties` (path and text, in file order) into fields; see `init(_:groupPath:)`.
    public init(_ properties: [(path: String, text: String)], groupPath: String? = nil) {
        self.init(PropertyBuffer(properties), groupPath: groupPath)
    }

    private static let collectionsPath = PropertyBuffer.Path("collections")

    /// Sorts `properties` into fields. Paths are compared ignoring ASCII case, and of two with one
    /// path the first counts; each field takes the first path of its rule with a usable value, and
    /// that path is not kept again. Runs once per feature of every import, so it works on the bytes
    /// read: strings are made for the fields only, and the rest is copied into `kept` as bytes.
    /// The value at `groupPath` (lowercase) names a group the feature is in, never its kind.
    init(_ properties: PropertyBuffer, groupPath: String? = nil) {
        let entries = properties.entries
        let isFirst = Self.firstOccurrences(in: properties)
        let group = groupPath.map(PropertyBuffer.Path.init)
        var notKept = IndexSet64()
        // Each property that some rule names: (rule, rank in the rule, index), sorted by rule and rank.
        var candidates: [(role: Role, rank: Int, index: Int)] = []
        candidates.reserveCapacity(8)
        for index in entries.indices where isFirst.contains(index) {
            if let group, properties.path(entries[index], is: group) {
                let text = properties.text(entries[index]).trimmedOfWhitespace
                if !text.isEmpty { groups.append(text) }
            } else if properties.path(entries[index], startsWith: Self.collectionsPath, then: UInt8(ascii: "#")) {
                let text = properties.text(entries[index]).trimmedOfWhitespace
                if !text.isEmpty, !groups.contains(text) { groups.append(text) }
                notKept.insert(index)
            } else if let (role, rank) = Self.role(of: entries[index], in: properties) {
                candidates.append((role, rank, index))
            }
        }
        candidates.sort { ($0.role.rawValue, $0.rank) < ($1.role.rawValue, $1.rank) }
        /// The entry the last field taken came from.
        var taken = 0
        func take(_ role: Role, where accepted: (String) -> Bool = { _ in true }) -> String? {
            for candidate in candidates where candidate.role == role {
                let text = properties.text(entries[candidate.index]).trimmedOfWhitespace
                guard !text.isEmpty, accepted(text) else { continue }
                notKept.insert(candidate.index)
                taken = candidate.index
                return text
            }
            return nil
        }
        name = take(.name)
        summary = take(.summary)
        category = take(.category, where: { !Self.isGenericKind($0) })
        kind = Category(rawValue: category ?? "")
        // A word Places reads as one of its kinds ("Summit" a landmark, "aerodrome" an airport) is
        // kept as the file wrote it too, for an export to give back.
        if let category, kind.isKnown, kind.rawValue != category.lowercased() {
            notKept.remove(taken)
        }
        link = take(.link, where: Self.isWebLink)
        noLocation = Self.noLocation(in: properties)
        // A second path with a value already shown (Takeout's Title and Location.Business Name) is not kept twice.
        for candidate in candidates where candidate.role == .name || candidate.role == .summary || candidate.role == .link {
            guard !notKept.contains(candidate.index) else { continue }
            let text = properties.text(entries[candidate.index]).trimmedOfWhitespace
            if text == name || text == summary || text == link { notKept.insert(candidate.index) }
        }
        var kept: [PropertyBuffer.Entry] = []
        kept.reserveCapacity(entries.count)
        for index in entries.indices where isFirst.contains(index) && !notKept.contains(index) { kept.append(entries[index]) }
        self.kept = PlaceProperties(properties, entries: properties.sortedByPath(kept))
    }

    /// The exporter's words that a feature has no location, when its comment says so. Checked alone
    /// by `places --check`, which makes no place of the others.
    static func noLocation(in properties: PropertyBuffer) -> String? {
        guard let entry = properties.entries.first(where: { properties.path($0, is: commentPath) }) else { return nil }
        let text = properties.text(entry)
        return text.range(of: "no location", options: .caseInsensitive) != nil ? text : nil
    }

    /// The entries that count of those with one path (ignoring ASCII case): the first, but a null
    /// gives way to any value (`"name": null, "Name": "Hut"` is named Hut). Compared pairwise for the
    /// handful a feature usually has, through a set of lowercased paths for more.
    private static func firstOccurrences(in properties: PropertyBuffer) -> IndexSet64 {
        let entries = properties.entries
        var first = IndexSet64()
        if entries.count <= 16 {
            for index in entries.indices {
                let isNull = entries[index].kind == .null
                // Another entry of the path counts instead: a value where this is a null, or an earlier one of its sort.
                let outranked = entries.indices.contains { other in
                    let otherIsNull = entries[other].kind == .null
                    return other != index && (isNull && !otherIsNull || other < index && otherIsNull == isNull)
                        && properties.samePath(entries[other], entries[index])
                }
                if !outranked { first.insert(index) }
            }
            return first
        }
        var seen = Set<[UInt8]>(minimumCapacity: entries.count)
        for nulls in [false, true] {
            for (index, entry) in entries.enumerated() where (entry.kind == .null) == nulls
                && seen.insert(properties.bytes[entry.path].map(\.lowercasedASCII)).inserted {
                first.insert(index)
            }
        }
        return first
    }

    /// GPX `type` values that say only that a waypoint is one: Garmin BaseCamp and GPSMAP write
    /// `<type>user</type>` on every waypoint the person made, next to the `sym` that says what it is
    /// ("Lodging", "Summit"). Such a value names no kind; it stays among the kept properties.
    static func isGenericKind(_ text: String) -> Bool {
        switch text.lowercasedASCIIFast {
        case "user", "waypoint", "waypoints", "wpt": true
        default: false
        }
    }

    /// Whether `text` starts with "http://" or "https://", in any case: its first bytes looked at,
    /// not the whole of a long link lower-cased.
    private static func isWebLink(_ text: String) -> Bool {
        var bytes = text.utf8.lazy.map(\.lowercasedASCII).makeIterator()
        for expected in "http".utf8 {
            guard bytes.next() == expected else { return false }
        }
        var next = bytes.next()
        if next == UInt8(ascii: "s") { next = bytes.next() }
        return next == UInt8(ascii: ":") && bytes.next() == UInt8(ascii: "/") && bytes.next() == UInt8(ascii: "/")
    }
}
