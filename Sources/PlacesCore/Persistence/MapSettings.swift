/// What Places remembers of the map between launches: the map files opened, shown or hidden, and
/// the Online Tiles preference.
public struct MapSettings: Equatable, Sendable, Codable {
    public struct File: Equatable, Sendable, Codable {
        public var path: String
        public var isVisible: Bool

        public init(path: String, isVisible: Bool) {
            self.path = path
            self.isVisible = isVisible
        }
    }

    /// In drawing order, the first lowest.
    public var files: [File]
    public var online: OnlineTiles

    public init(files: [File] = [], online: OnlineTiles = OnlineTiles()) {
        self.files = files
        self.online = online
    }

    /// Reads what it can: a file entry or a preference of the wrong shape is left out, not fatal.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        files = (try? container.decode([Lenient<File>].self, forKey: .files))?.compactMap(\.value) ?? []
        online = (try? container.decode(OnlineTiles.self, forKey: .online)) ?? OnlineTiles()
    }

    /// A value decoded when it can be, else nil.
    private struct Lenient<Value: Decodable>: Decodable {
        var value: Value?
        init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
    }
}
