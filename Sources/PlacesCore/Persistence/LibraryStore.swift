/// Where favourites and imported sources are kept between launches. Injected, so tests use
/// `InMemoryLibraryStore`; the app uses `FileLibraryStore`. Called off the main thread.
public protocol LibraryStore: AnyObject, Sendable {
    /// The saved library (none yet: nil), with anything the person should be told about the file.
    /// Throws when a library exists but must not be used or replaced (unreadable, or newer).
    func load() throws -> Loaded<Library>
    /// Writes `library`, keeping what was saved elsewhere since this instance read or wrote `base`
    /// (`Library.merged`); nil `base` replaces what is there. Returns what is now saved, with anything
    /// the person should be told about the file.
    func save(_ library: Library, base: Library?) throws -> Saved<Library>
    /// The values own places were given on another computer beside those saved (made without
    /// knowing of them), by place; none where only one computer writes.
    func alternatives() -> [Place.ID: [PlaceAlternative]]
    /// Keeps the value the own place `id` shows for `alternative`'s field: the alternatives of that
    /// field are forgotten, here and on the other computers (none where only one computer writes).
    func keepShown(_ id: Place.ID, instead alternative: PlaceAlternative) throws
    /// Where the map's layer list is kept with the library, when the computers sharing it share that
    /// too; nil: it is this computer's (`MapSettingsStore`).
    var sharedMapFiles: (any SharedMapFiles)? { get }
}

extension LibraryStore {
    public func alternatives() -> [Place.ID: [PlaceAlternative]] { [:] }

    public func keepShown(_ id: Place.ID, instead alternative: PlaceAlternative) throws {}

    public var sharedMapFiles: (any SharedMapFiles)? { nil }

    /// Replaces what is saved with `library`.
    public func save(_ library: Library) throws {
        _ = try save(library, base: nil)
    }
}
