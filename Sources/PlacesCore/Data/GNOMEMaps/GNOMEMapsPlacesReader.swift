/// Reads the places file of GNOME Maps: the favourites every GNOME Maps user has or, when asked
/// (`PlaceSource.recentPlaces(in:)`), the places it only remembers having shown.
///
/// Two layouts, both written with `JSON.stringify` by GNOME Maps' `PlaceStore`:
/// - before GNOME Maps 46 (Debian 12 has 43.5), `~/.local/share/maps-places.json`: a top-level array
///   of `{"place": {…}, "type": 0 recent | 1 favourite | 2 contact | 3 recent route, "added": ms}`,
///   the place's keys in snake case (`street_address`, `country_code`, `osm_type`, `note`, `website`);
/// - since 46, `~/.local/share/gnome-maps/places.json`: `{"places": [{"place": {…, "type": 1 place |
///   2 route | 3 transit stop}, "isFavorite": bool, "updated": ms, "viewOrd": n}]}`, the keys in
///   camel case and the OpenStreetMap tags under `osmTags` (`website`, `phone`, `note`…).
///
/// A place's name, position, address (its one line), OpenStreetMap kind and web site are what it
/// shows; every other value is kept by its path (`osmTags.phone`, `boundingBox.top`, `added`) for
/// export. Routes and contacts are no places and are left out, with a note that says how many; so
/// are recent places, counted (`ImportTally.recentPlacesLeftOut`) for the import to offer them.
/// Entries are read one at a time, never the whole tree.
struct GNOMEMapsPlacesReader: FeatureReader {
    let maker: FeatureMaker
    /// Whether the recent places are read, instead of the favourites: the source is the file's
    /// recent places (its id ends in `PlaceSource.recentSuffix`).
    let readsRecent: Bool

    init(source: PlaceSource.ID, idPrefix: String? = nil) {
        maker = FeatureMaker(source: source, idPrefix: idPrefix)
        readsRecent = source.hasSuffix(PlaceSource.recentSuffix)
    }

    func read(_ bytes: UnsafeBufferPointer<UInt8>, reached: (Int) -> Void, each: (ImportedFeature) -> Void) throws(ImportError) -> ImportTally {
        var walk = Walk(parser: JSONParser(bytes: bytes), reader: self, makesFeatures: true)
        try walk.read(reached: reached, each: each)
        return walk.tally
    }

    func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) -> ImportTally {
        var walk = Walk(parser: JSONParser(bytes: bytes), reader: self, makesFeatures: false)
        try walk.read(reached: { _ in }, each: { _ in })
        return walk.tally
    }

    /// Whether `bytes` look like a GNOME Maps places file: a top-level array whose first entry has a
    /// `"place"`, or an object whose `"places"` member comes before anything GeoJSON names. Reads
    /// member names only, building no values: a GeoJSON file is told apart after its first members.
    static func recognizes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var parser = JSONParser(bytes: bytes)
        do throws(JSONParseError) {
            try parser.startDocument()
            if parser.peekKind() == .array {
                try parser.openArray()
                var first = true
                guard try parser.nextElement(first: &first), parser.peekKind() == .object else { return false }
                return try hasMember("place", in: &parser)
            }
            try parser.openObject()
            var first = true
            while let name = try parser.nextMember(first: &first) {
                if name == "places" { return true }
                if ["type", "features", "geometry", "coordinates", "properties"].contains(name) { return false }
                try parser.skipValue()
            }
            return false
        } catch {
            return false
        }
    }

    private static func hasMember(_ wanted: String, in parser: inout JSONParser) throws(JSONParseError) -> Bool {
        try parser.openObject()
        var first = true
        while let name = try parser.nextMember(first: &first) {
            if name == wanted { return true }
            try parser.skipValue()
        }
        return false
    }

    /// One pass over the document.
    private struct Walk {
        var parser: JSONParser
        let reader: GNOMEMapsPlacesReader
        let makesFeatures: Bool
        var tally = ImportTally()
        private var recentLeftOut = 0
        private var routesLeftOut = 0
        private var contactsLeftOut = 0

        init(parser: JSONParser, reader: GNOMEMapsPlacesReader, makesFeatures: Bool) {
            self.parser = parser
            self.reader = reader
            self.makesFeatures = makesFeatures
        }

        mutating func read(reached: (Int) -> Void, each: (ImportedFeature) -> Void) throws(ImportError) {
            do throws(JSONParseError) {
                try parser.startDocument()
                if parser.peekKind() == .array {
                    try readEntries(before46: true, reached: reached, each: each)
                } else {
                    try parser.openObject()
                    var first = true
                    var sawPlaces = false
                    while let name = try parser.nextMember(first: &first) {
                        if name == "places", !sawPlaces, parser.peekKind() == .array {
                            sawPlaces = true
                            try readEntries(before46: false, reached: reached, each: each)
                        } else {
                            try parser.skipValue()
                        }
                    }
                }
                try parser.endDocument()
            } catch {
                throw Task.isCancelled ? .cancelled : .invalidJSON(error)
            }
            if recentLeftOut > 0 {
                tally.recentPlacesLeftOut = recentLeftOut
                tally.notes.append(trPlural("{count} recent place left out: only favourites are imported",
                                            "{count} recent places left out: only favourites are imported", count: recentLeftOut))
            }
            if routesLeftOut > 0 {
                tally.notes.append(trPlural("{count} recent route left out", "{count} recent routes left out", count: routesLeftOut))
            }
            if contactsLeftOut > 0 {
                tally.notes.append(trPlural("{count} contact left out", "{count} contacts left out", count: contactsLeftOut))
            }
        }

        private mutating func readEntries(before46: Bool, reached: (Int) -> Void, each: (ImportedFeature) -> Void) throws(JSONParseError) {
            try parser.openArray()
            var first = true
            var number = 0
            while try parser.nextElement(first: &first) {
                number += 1
                // One entry is a handful of members: it is built whole, then dropped.
                let entry = try parser.parseValue()
                read(entry, number: number, before46: before46, each: each)
                if makesFeatures { parser.forget(before: parser.offset) }
                reached(parser.offset)
            }
        }

        private mutating func read(_ entry: JSONValue, number: Int, before46: Bool, each: (ImportedFeature) -> Void) {
            guard let place = entry["place"], case .object(let members) = place else {
                return tally.skip(tr("entry {number}: it holds no place", ["number": String(number)]))
            }
            let isFavourite: Bool
            if before46 {
                switch entry["type"] {
                case .number(1)?: isFavourite = true
                case .number(2)?: return contactsLeftOut += 1
                case .number(3)?: return routesLeftOut += 1
                default: isFavourite = false
                }
            } else {
                switch place["type"] {
                case .number(2)?: return routesLeftOut += 1
                default: isFavourite = entry["isFavorite"] == .bool(true)
                }
            }
            // Read with the file's favourites or with its recent places, never with both.
            guard isFavourite != reader.readsRecent else {
                if !isFavourite { recentLeftOut += 1 }
                return
            }
            let location = place["location"]
            let latitude = location?["latitude"], longitude = location?["longitude"]
            guard case .number(let lat)? = latitude, case .number(let lon)? = longitude else {
                return tally.skip(tr("entry {number}: it has no latitude and longitude", ["number": String(number)]))
            }
            let coordinate: Coordinate
            switch CoordinateCheck.coordinate(latitude: lat, longitude: lon) {
            case .success(let valid): coordinate = valid
            case .failure(let problem):
                return tally.skip(tr("entry {number}: {reason}", ["number": String(number), "reason": problem.reason]))
            }
            tally.places += 1
            guard makesFeatures else { return }
            each(.place(reader.maker.place(at: coordinate, fields: Self.fields(of: members, entry: entry), id: Self.id(of: place, number: number), number: number), groups: []))
        }

        /// The place's OpenStreetMap object ("node/123"), which GNOME Maps keys its places by, or the entry's position.
        private static func id(of place: JSONValue, number: Int) -> String {
            let osmID = (place["osmId"] ?? place["id"])?.scalarText
            let osmType = (place["osmType"] ?? place["osm_type"])?.scalarText
            if let osmID, !osmID.isEmpty, osmID != "-1" { return (osmType.map { $0 + "/" } ?? "") + osmID }
            return String(number)
        }

        /// What a place shows, and every other value kept by its path.
        private static func fields(of place: [String: JSONValue], entry: JSONValue) -> FeatureFields {
            var kept: [(path: String, text: String)] = []
            for (key, value) in place.sorted(by: { $0.key < $1.key }) where key != "location" {
                flatten(value, path: key, depth: 1, into: &kept)
            }
            if case .object(let location)? = place["location"] {
                // GNOME Maps before 46 writes an unknown altitude as -Double.greatestFiniteMagnitude.
                for (key, value) in location.sorted(by: { $0.key < $1.key }) where key != "latitude" && key != "longitude" {
                    if key == "altitude", case .number(let metres) = value, metres <= -1_000_000 { continue }
                    flatten(value, path: "location." + key, depth: 2, into: &kept)
                }
            }
            if case .object(let members) = entry {
                for (key, value) in members.sorted(by: { $0.key < $1.key }) where key != "place" {
                    flatten(value, path: "entry." + key, depth: 2, into: &kept)
                }
            }
            var shown: Set<String> = []
            /// The first of `paths` with a value; `shows` says the value is shown, so not kept twice.
            func text(_ paths: String..., shows: Bool = false) -> String? {
                for path in paths {
                    if let value = kept.first(where: { $0.path == path })?.text.trimmedOfWhitespace, !value.isEmpty {
                        if shows { shown.insert(path) }
                        return value
                    }
                }
                return nil
            }
            var fields = FeatureFields([])
            fields.name = text("name", shows: true)
            fields.category = text("osmValue")
            if let link = text("website", "osmTags.website", "osmTags.contact:website", "osmTags.url"), link.lowercased().hasPrefix("http") {
                fields.link = text("website", "osmTags.website", "osmTags.contact:website", "osmTags.url", shows: true)
            }
            fields.summary = text("description", shows: true) ?? address { text($0) }
            fields.kept = PlaceProperties(kept.filter { !shown.contains($0.path) }.map { (key: $0.path, value: $0.text) })
            return fields
        }

        /// "12 Rue Lesdiguières, 38000 Grenoble, France", from the parts either layout gives.
        private static func address(_ text: (String) -> String?) -> String? {
            let street = text("streetAddress") ?? text("street_address") ?? text("street")
            let town = [text("postalCode") ?? text("postal_code"), text("town")].compactMap { $0 }.joined(separator: " ")
            let parts = [street, town.isEmpty ? nil : town, text("country")].compactMap { $0 }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        }

        /// Scalars by path ("osmTags.phone", "boundingBox.top"), nested objects down to `FeatureFields.propertyDepth`.
        private static func flatten(_ value: JSONValue, path: String, depth: Int, into kept: inout [(path: String, text: String)]) {
            switch value {
            case .object(let members):
                guard depth < FeatureFields.propertyDepth else { return }
                for (key, member) in members.sorted(by: { $0.key < $1.key }) { flatten(member, path: path + "." + key, depth: depth + 1, into: &kept) }
            case .array(let elements):
                guard depth < FeatureFields.propertyDepth else { return }
                for (index, element) in elements.enumerated() { flatten(element, path: path + "#" + String(index + 1), depth: depth + 1, into: &kept) }
            case .null:
                return
            default:
                if let text = value.scalarText { kept.append((path, text)) }
            }
        }
    }
}
