/// A `LibraryStore` in memory: the coordinator's default, and a test double.
public final class InMemoryLibraryStore: LibraryStore {
    /// The last saved library.
    public private(set) var saved: Library?
    /// How many times `save` succeeded.
    public private(set) var saveCount = 0
    /// When set, `save` throws it (to test failures).
    public var saveFailure: (any Error)?
    /// When set, `load` throws it (to test failures).
    public var loadFailure: (any Error)?

    /// Creates a store holding `library`.
    public init(_ library: Library? = nil) { saved = library }

    /// The saved library, or throws `loadFailure`.
    public func load() throws -> Loaded<Library> {
        if let loadFailure { throw loadFailure }
        return Loaded(saved)
    }

    /// Keeps `library`, or throws `saveFailure`.
    public func save(_ library: Library) throws {
        if let saveFailure { throw saveFailure }
        saved = library
        saveCount += 1
    }
}
