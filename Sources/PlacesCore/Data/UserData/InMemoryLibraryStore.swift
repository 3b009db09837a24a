/// A `LibraryStore` in memory: the coordinator's default, and a test double.
public final class InMemoryLibraryStore: LibraryStore {
    public private(set) var saved: Library?
    public private(set) var saveCount = 0
    /// When set, `save` throws it (to test failures).
    public var saveFailure: (any Error)?
    /// When set, `load` throws it (to test failures).
    public var loadFailure: (any Error)?

    public init(_ library: Library? = nil) { saved = library }

    public func load() throws -> Loaded<Library> {
        if let loadFailure { throw loadFailure }
        return Loaded(saved)
    }

    public func save(_ library: Library) throws {
        if let saveFailure { throw saveFailure }
        saved = library
        saveCount += 1
    }
}
