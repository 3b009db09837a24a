/// A library document's `library` object read entry by entry: an entry that cannot be read (a wrong
/// type, a source without a path, a place without a name or off the Earth, a collection without a
/// name) is counted and skipped instead of failing the whole file.
struct LenientLibrary: Decodable {
    var readable: Library
    /// How many entries could not.
    var unreadable: Int

    private enum CodingKeys: String, CodingKey {
        case favourites, sources, places, collections
    }

    /// One array element; nil when it does not decode (decoding it still moves past it).
    private struct Entry<Value: Decodable>: Decodable {
        var value: Value?
        init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let favourites = try container.decode([Entry<Place.ID>].self, forKey: .favourites)
        let sources = try container.decode([Entry<PlaceSource>].self, forKey: .sources)
        let ids = favourites.compactMap(\.value)
        // A source is only useful with a file to re-import it from.
        let files = sources.compactMap(\.value).filter { !$0.isBundled && !($0.path ?? "").isEmpty }
        // Version 1 has no own places.
        let places = try container.decodeIfPresent([Entry<Library.OwnPlace>].self, forKey: .places) ?? []
        let usable = places.compactMap(\.value).filter(\.isUsable)
        let collections = try container.decodeIfPresent([Entry<PlaceCollection>].self, forKey: .collections) ?? []
        let named = collections.compactMap(\.value).filter { !$0.id.isEmpty && !$0.name.isEmpty }
        readable = Library(favourites: ids, sources: files, places: usable, collections: named)
        unreadable = favourites.count - ids.count + sources.count - files.count + places.count - usable.count
            + collections.count - named.count
    }
}
