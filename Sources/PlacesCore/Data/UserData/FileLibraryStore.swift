import Foundation

/// Keeps favourites and imported sources in `library.json` under the data folder, as a versioned JSON
/// document (`{"version": 1, "library": {"favourites": [...], "sources": [...]}}`), written atomically.
///
/// On load, temporary files left by a killed save are removed. A damaged file is moved aside
/// (`library.json.damaged-TIMESTAMP`) and reported; entries that can still be read are kept and written
/// back. A file from a newer version is left untouched: `load` throws, and `save` refuses to replace it.
public final class FileLibraryStore: LibraryStore {
    /// The format version this build writes.
    public static let version = 1

    /// The file.
    public let url: URL
    private let report: (String) -> Void
    private var newerVersion: Int?

    private struct Document: Encodable {
        var version: Int
        var library: Library
    }

    private struct Header: Decodable {
        var version: Int
    }

    private struct LenientDocument: Decodable {
        var library: LenientLibrary
    }

    /// A store at `folder/library.json`; `report` hears about damaged files, in words for the person.
    public init(folder: URL, report: @escaping (String) -> Void = { _ in }) {
        url = folder.appendingPathComponent("library.json")
        self.report = report
    }

    /// The saved library; nil when there is none, or it was too damaged to read anything (then it is
    /// moved aside and reported). Throws `LibraryStoreError` when the file cannot be read or is newer.
    public func load() throws -> Library? {
        AtomicFile.removeStaleTemporaryFiles(of: url)
        guard let data = try read() else { return nil }
        let decoder = JSONDecoder()
        guard let version = try? decoder.decode(Header.self, from: data).version, version >= 1 else {
            return damaged(readable: nil, unreadable: 0)
        }
        guard version <= Self.version else {
            newerVersion = version
            throw LibraryStoreError.newerVersion(path: url.path, version: version)
        }
        guard let document = try? decoder.decode(LenientDocument.self, from: data) else {
            return damaged(readable: nil, unreadable: 0)
        }
        let library = Self.migrate(document.library.readable, from: version)
        return document.library.unreadable == 0 ? library : damaged(readable: library, unreadable: document.library.unreadable)
    }

    /// Saves `library` atomically; throws if the folder cannot be written or the file is from a newer version.
    public func save(_ library: Library) throws {
        if let newerVersion { throw LibraryStoreError.newerVersion(path: url.path, version: newerVersion) }
        try AtomicFile.write(try Self.encode(library), to: url)
    }

    /// The document for `library`, as this version writes it.
    public static func encode(_ library: Library) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(Document(version: version, library: library))
    }

    /// Upgrades a library read from an older format (version 1 is the first; nothing to do yet).
    static func migrate(_ library: Library, from version: Int) -> Library { library }

    /// The file's bytes; nil when there is no file.
    private func read() throws -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw LibraryStoreError.unreadable(path: url.path, reason: error.localizedDescription)
        }
    }

    /// Moves the damaged file aside, writes back what could be read, and tells the person.
    private func damaged(readable: Library?, unreadable: Int) -> Library? {
        let aside = AtomicFile.moveAside(url)
        let kept = aside?.lastPathComponent ?? url.lastPathComponent
        guard let readable else {
            report("Your favourites and imported files could not be read: the file was damaged and has been kept as \(kept).")
            return nil
        }
        var message = "Your favourites and imported files were partly damaged (the file has been kept as \(kept)): "
            + "\(unreadable) \(unreadable == 1 ? "entry" : "entries") could not be read, the rest are restored."
        // Write back only once the original is safely aside, never over it.
        if aside != nil {
            do { try save(readable) } catch { message += " They could not be saved again: \(error)" }
        }
        report(message)
        return readable
    }
}
