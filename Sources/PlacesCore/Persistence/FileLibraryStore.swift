import Foundation

/// Keeps favourites, imported sources, own places and collections in `library.json` under the data
/// folder, as a versioned JSON document (`{"version": 2, "library": {"favourites": [...], "sources":
/// [...], "places": [...], "collections": [...]}}`), written atomically. A version 1 file (neither own
/// places nor collections) is read and, once anything changes, written back as version 2.
///
/// On load, temporary files left by a killed save are removed. A damaged file is moved aside
/// (`library.json.damaged-TIMESTAMP`) with a notice; entries that can still be read are kept and written
/// back. A file that must be kept — unreadable, from a newer version, or damaged but impossible to move
/// aside — is left untouched: `load` throws, and `save` refuses to replace it.
public final class FileLibraryStore: LibraryStore {
    public static let version = 2
    /// The largest library file read, and so written: about 600,000 own places with a note each
    /// (`LibrarySizeTests`). The file is written compact: indented, it was a third larger.
    public static let sizeLimit: Int64 = 128_000_000

    public let url: URL
    private let file: VersionedDocumentFile

    private struct Document: Encodable {
        var version: Int
        var library: Library
    }

    private struct LenientDocument: Decodable {
        var library: LenientLibrary
    }

    /// What a document held: the entries that could be read, and how many could not.
    private enum Reading {
        case missing
        case damaged(readable: Library?, unreadable: Int)
        case library(Library)
    }

    public convenience init(folder: URL) {
        self.init(folder: folder, moveAside: { AtomicFile.moveAside($0) })
    }

    /// A store whose damaged files are moved aside by `moveAside` (tests make it fail).
    init(folder: URL, moveAside: @escaping @Sendable (URL) -> URL?) {
        url = folder.appendingPathComponent("library.json")
        file = VersionedDocumentFile(url: url, version: Self.version, limit: Self.sizeLimit, moveAside: moveAside)
    }

    /// The saved library; none when there is none, or it was too damaged to read anything (then it
    /// is moved aside, with a notice). Throws `LibraryStoreError` when the file must be kept as it is.
    public func load() throws -> Loaded<Library> {
        do throws(VersionedDocumentFile.Problem) {
            switch read(try file.load()) {
            case .missing: return Loaded(nil)
            case .library(let library): return Loaded(library)
            case .damaged(let readable, let unreadable):
                let kept = try file.moveDamagedAside()
                guard let readable else {
                    return Loaded(nil, notice: tr("Your own places, favourites, collections and imported files could not be read: the file was damaged and has been kept as {file}.", ["file": kept]))
                }
                var message = trPlural(
                    "Your places library was partly damaged (the file has been kept as {file}): {count} entry could not be read, the rest are restored.",
                    "Your places library was partly damaged (the file has been kept as {file}): {count} entries could not be read, the rest are restored.",
                    count: unreadable, ["file": kept])
                do { _ = try save(readable, base: nil) } catch { message += " " + tr("They could not be saved again: {reason}", ["reason": "\(error)"]) }
                return Loaded(readable, notice: message)
            }
        } catch {
            throw error.libraryError(path: url.path)
        }
    }

    /// Saves `library` atomically, keeping what another instance saved since `base` (nil: replace the
    /// file). Returns the library the file now holds. Throws if the folder cannot be written or the file
    /// must be kept. A file damaged since this instance read it (replaced by a half-written one, say)
    /// is kept aside, what can be read of it merged, and the notice says so.
    public func save(_ library: Library, base: Library?) throws -> Saved<Library> {
        do {
            return try file.update {
                let theirs: Library?
                var notice: String?
                switch read(try file.read()) {
                case .missing: theirs = nil
                case .library(let library): theirs = library
                case .damaged(let readable, _):
                    let kept = try file.moveDamagedAside()
                    theirs = readable
                    notice = tr("Your places library had been damaged since Places read it; the damaged file has been kept as {file}, and what could be read of it is saved with your changes.", ["file": kept])
                }
                let merged = base.flatMap { base in theirs.map { Library.merged(base: base, mine: library, theirs: $0) } } ?? library
                try file.write(try Self.encode(merged))
                return Saved(merged, notice: notice)
            }
        } catch let problem as VersionedDocumentFile.Problem {
            throw problem.libraryError(path: url.path)
        }
    }

    /// The document for `library`, as this version writes it.
    public static func encode(_ library: Library) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(Document(version: version, library: library))
    }

    /// Upgrades a library read from an older format. Version 1 differs only by having no own places
    /// and no collections, which reading it already leaves empty.
    static func migrate(_ library: Library, from version: Int) -> Library { library }

    private func read(_ contents: VersionedDocumentFile.Contents) -> Reading {
        switch contents {
        case .missing: return .missing
        case .damaged: return .damaged(readable: nil, unreadable: 0)
        case .document(let data, let version):
            guard let document = try? JSONDecoder().decode(LenientDocument.self, from: data) else {
                return .damaged(readable: nil, unreadable: 0)
            }
            let library = Self.migrate(document.library.readable, from: version)
            let unreadable = document.library.unreadable
            return unreadable == 0 ? .library(library) : .damaged(readable: library, unreadable: unreadable)
        }
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
