/// Where favourites and imported sources are kept between launches. Injected, so tests use
/// `InMemoryLibraryStore`; the app uses `FileLibraryStore`.
public protocol LibraryStore: AnyObject {
    /// The saved library (none yet: nil), with anything the person should be told about the file.
    /// Throws when a library exists but must not be used or replaced (unreadable, or newer).
    func load() throws -> Loaded<Library>
    func save(_ library: Library) throws
}
