import Foundation

/// Keeps favourites and imported sources in `library.json` under the data folder, as a versioned JSON
/// document (`{"version": 1, "library": {"favourites": [...], "sources": [...]}}`), written atomically.
///
/// On load, temporary files left by a killed save are removed. A damaged file is moved aside
/// (`library.json.damaged-TIMESTAMP`) with a notice; entries that can still be read are kept and written
/// back. A file that must be kept — unreadable, from a newer version, or damaged but impossible to move
/// aside — is left untouched: `load` throws, and `save` refuses to replace it.
public final class FileLibraryStore: LibraryStore {
    public static let version = 1

    public let url: URL
    private let file: VersionedDocumentFile

    private struct Document: Encodable {
        var version: Int
        var library: Library
    }

    private struct LenientDocument: Decodable {
        var library: LenientLibrary
    }

    public convenience init(folder: URL) {
        self.init(folder: folder, moveAside: { AtomicFile.moveAside($0) })
    }

    /// A store whose damaged files are moved aside by `moveAside` (tests make it fail).
    init(folder: URL, moveAside: @escaping (URL) -> URL?) {
        url = folder.appendingPathComponent("library.json")
        file = VersionedDocumentFile(url: url, version: Self.version, moveAside: moveAside)
    }

    /// The saved library; none when there is none, or it was too damaged to read anything (then it
    /// is moved aside, with a notice). Throws `LibraryStoreError` when the file must be kept as it is.
    public func load() throws -> Loaded<Library> {
        do throws(VersionedDocumentFile.Problem) {
            switch try file.load() {
            case .missing: return Loaded(nil)
            case .damaged: return try damaged(readable: nil, unreadable: 0)
            case .document(let data, let version): return try read(data, version: version)
            }
        } catch {
            throw error.libraryError(path: url.path)
        }
    }

    /// Saves `library` atomically; throws if the folder cannot be written or the file must be kept.
    public func save(_ library: Library) throws {
        do {
            try file.write(try Self.encode(library))
        } catch let problem as VersionedDocumentFile.Problem {
            throw problem.libraryError(path: url.path)
        }
    }

    /// The document for `library`, as this version writes it.
    public static func encode(_ library: Library) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(Document(version: version, library: library))
    }

    /// Upgrades a library read from an older format (version 1 is the first; nothing to do yet).
    static func migrate(_ library: Library, from version: Int) -> Library { library }

    /// The library in `data`, a document of `version`; a damaged document or damaged entries go to `damaged`.
    private func read(_ data: Data, version: Int) throws(VersionedDocumentFile.Problem) -> Loaded<Library> {
        guard let document = try? JSONDecoder().decode(LenientDocument.self, from: data) else {
            return try damaged(readable: nil, unreadable: 0)
        }
        let library = Self.migrate(document.library.readable, from: version)
        let unreadable = document.library.unreadable
        return unreadable == 0 ? Loaded(library) : try damaged(readable: library, unreadable: unreadable)
    }

    /// Moves the damaged file aside, writes back what could be read, and says so.
    /// Throws when it cannot be moved aside: then it stays, and nothing is written over it.
    private func damaged(readable: Library?, unreadable: Int) throws(VersionedDocumentFile.Problem) -> Loaded<Library> {
        let kept = try file.moveDamagedAside()
        guard let readable else {
            return Loaded(nil, notice: "Your favourites and imported files could not be read: the file was damaged and has been kept as \(kept).")
        }
        var message = "Your favourites and imported files were partly damaged (the file has been kept as \(kept)): "
            + "\(unreadable) \(unreadable == 1 ? "entry" : "entries") could not be read, the rest are restored."
        do { try save(readable) } catch { message += " They could not be saved again: \(error)" }
        return Loaded(readable, notice: message)
    }
}

extension VersionedDocumentFile.Problem {
    /// The problem as the library store reports it.
    func libraryError(path: String) -> LibraryStoreError {
        switch self {
        case .unreadable(let reason): .unreadable(path: path, reason: reason)
        case .newerVersion(let version): .newerVersion(path: path, version: version)
        }
    }
}
