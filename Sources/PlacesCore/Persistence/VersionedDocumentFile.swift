import Foundation
import Synchronization

/// The file behind a store that keeps one versioned JSON document (`{"version": N, ...}`), shared by
/// `FileProfileStore`, `FileLibraryStore` and `FileMapSettingsStore`: it tells a missing file from an
/// unreadable one, checks the version, moves a damaged file aside, and refuses to replace a file it must
/// keep — one it could not read, one from a newer version, or a damaged one that could not be moved aside.
///
/// Reading never blocks (a named pipe in its place is refused) and stops at `limit` bytes. Stores call
/// it from a background thread; `update` locks the file's folder (`FileLock`) so that instances save one
/// at a time.
final class VersionedDocumentFile: Sendable {
    /// Why the file on disk must be kept as it is.
    enum Problem: Error, Equatable {
        /// It exists but cannot be read, or it is damaged and could not be moved aside.
        case unreadable(reason: String)
        /// It was written by a newer format version (as written in the file, which may exceed `Int`).
        case newerVersion(String)
    }

    enum Contents {
        /// No file: nothing saved yet.
        case missing
        /// Not a versioned document (not JSON, or no integer version of at least 1).
        case damaged
        /// A document of a version this build understands (it may still fail to decode).
        case document(Data, version: Int)
    }

    let url: URL
    /// The newest format version this build understands.
    let version: Int
    /// The largest file read, in bytes.
    let limit: Int64
    /// Why `write` refuses to replace the file; set by `load()` and `moveDamagedAside()`.
    private let refusal = Mutex<Problem?>(nil)
    private let moveAside: @Sendable (URL) -> URL?

    /// The file at `url`; `moveAside` moves a damaged file out of the way (replaceable so tests can make it fail).
    init(url: URL, version: Int, limit: Int64, moveAside: @escaping @Sendable (URL) -> URL? = { AtomicFile.moveAside($0) }) {
        self.url = url
        self.version = version
        self.limit = limit
        self.moveAside = moveAside
    }

    var problem: Problem? { refusal.withLock { $0 } }

    /// Removes temporary files of killed saves, then reads the file and its version header.
    /// Throws (and from then on refuses to write) when the file is unreadable or from a newer version.
    func load() throws(Problem) -> Contents {
        refusal.withLock { $0 = nil }
        AtomicFile.removeStaleTemporaryFiles(of: url)
        return try read()
    }

    /// Reads the file as it is now, without touching what `load()` decided.
    func read() throws(Problem) -> Contents {
        let bytes: [UInt8]?
        do {
            bytes = try RegularFile.readIfPresent(url.path, limit: limit)
        } catch {
            throw refuse(.unreadable(reason: error.description))
        }
        guard let bytes else { return .missing }
        let data = Data(bytes)
        switch DocumentVersion(data) {
        case .none: return .damaged
        case .number(let found) where found <= version: return .document(data, version: found)
        case .number(let found): throw refuse(.newerVersion(String(found)))
        case .beyondInteger(let text): throw refuse(.newerVersion(text))
        }
    }

    /// Moves the damaged file aside and returns its new name. When it cannot be moved, throws: the file
    /// stays where it is, and `write` refuses to replace it.
    func moveDamagedAside() throws(Problem) -> String {
        if let aside = moveAside(url) { return aside.lastPathComponent }
        throw refuse(.unreadable(reason: tr("it is damaged and could not be moved aside, so it is left as it is")))
    }

    /// Replaces the file atomically with `data`, unless it must be kept (then throws `Problem`) or
    /// `data` is more than `limit` could read back (then throws `TooLarge`, and the file stays as it was).
    func write(_ data: Data) throws {
        if let problem { throw problem }
        guard data.count <= limit else { throw TooLarge(size: Int64(data.count), limit: limit) }
        try AtomicFile.write(data, to: url)
    }

    /// A document this build would write but could not read back: it is not written.
    struct TooLarge: Error, CustomStringConvertible {
        var size: Int64
        var limit: Int64

        var description: String {
            tr("it would be {size}, more than the {limit} Places reads back", ["size": FileProblem.size(size), "limit": FileProblem.size(limit)])
        }
    }

    /// Runs `body` while no other process saving this file through `update` can, so that reading what
    /// is there, merging and writing happen as one step.
    func update<T>(_ body: () throws -> T) throws -> T {
        try FileLock.exclusively(for: url, body)
    }

    /// Remembers that the file must not be replaced, and returns why.
    private func refuse(_ problem: Problem) -> Problem {
        refusal.withLock { $0 = problem }
        return problem
    }
}

/// The `"version"` of a versioned document, read without trusting it to fit anything.
enum DocumentVersion: Equatable {
    /// An integer of at least 1.
    case number(Int)
    /// An integer too large for `Int` (as written): certainly newer than this build.
    case beyondInteger(String)

    /// The version in `data`; nil when it is not a JSON object with an integer version of at least 1.
    /// The other members are checked and skipped, not built into values: a library of 100 MB is read
    /// for its version in the time it takes to scan it.
    init?(_ data: Data) {
        let version: JSONValue? = data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            do throws(JSONParseError) {
                var version: JSONValue?
                try parser.startDocument()
                try parser.openObject()
                var first = true
                while let key = try parser.nextMember(first: &first) {
                    if key == "version", version == nil { version = try parser.parseValue() } else { try parser.skipValue() }
                }
                try parser.endDocument()
                return version
            } catch {
                return nil
            }
        }
        guard case .number(let value)? = version, value >= 1, value == value.rounded(.towardZero) else { return nil }
        if value < 9.0e18 {
            self = .number(Int(value))
        } else {
            self = .beyondInteger(value.isFinite ? String(format: "%.0f", value) : "beyond any number")
        }
    }
}
