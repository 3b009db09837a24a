/// Where favourites and imported sources are kept between launches. Injected, so tests use
/// `InMemoryLibraryStore`; the app uses `FileLibraryStore`.
public protocol LibraryStore: AnyObject {
    /// The saved library; nil when there is none yet. Throws when a library exists but must not be
    /// used or replaced (unreadable, or written by a newer version).
    func load() throws -> Library?
    /// Saves `library`, replacing the previous one.
    func save(_ library: Library) throws
}
