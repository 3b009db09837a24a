import Foundation

/// The file behind a store that keeps one versioned JSON document (`{"version": N, ...}`), shared by
/// `FileProfileStore` and `FileLibraryStore`: it tells a missing file from an unreadable one, checks
/// the version, moves a damaged file aside, and refuses to replace a file it must keep — one it could
/// not read, one from a newer version, or a damaged one that could not be moved aside.
final class VersionedDocumentFile {
    /// Why the file on disk must be kept as it is.
    enum Problem: Error, Equatable {
        /// It exists but cannot be read, or it is damaged and could not be moved aside.
        case unreadable(reason: String)
        /// It was written by a newer format version.
        case newerVersion(Int)
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
    /// Why `write` refuses to replace the file; set by `load()` and `moveDamagedAside()`.
    private(set) var problem: Problem?
    private let moveAside: (URL) -> URL?

    private struct Header: Decodable {
        var version: Int
    }

    /// The file at `url`; `moveAside` moves a damaged file out of the way (replaceable so tests can make it fail).
    init(url: URL, version: Int, moveAside: @escaping (URL) -> URL? = { AtomicFile.moveAside($0) }) {
        self.url = url
        self.version = version
        self.moveAside = moveAside
    }

    /// Removes temporary files of killed saves, then reads the file and its version header.
    /// Throws (and from then on refuses to write) when the file is unreadable or from a newer version.
    func load() throws(Problem) -> Contents {
        problem = nil
        AtomicFile.removeStaleTemporaryFiles(of: url)
        guard let data = try readBytes() else { return .missing }
        guard let found = try? JSONDecoder().decode(Header.self, from: data).version, found >= 1 else { return .damaged }
        guard found <= version else { throw refuse(.newerVersion(found)) }
        return .document(data, version: found)
    }

    /// Moves the damaged file aside and returns its new name. When it cannot be moved, throws: the file
    /// stays where it is, and `write` refuses to replace it.
    func moveDamagedAside() throws(Problem) -> String {
        if let aside = moveAside(url) { return aside.lastPathComponent }
        throw refuse(.unreadable(reason: "it is damaged and could not be moved aside, so it is left as it is"))
    }

    /// Replaces the file atomically with `data`, unless it must be kept (then throws `Problem`).
    func write(_ data: Data) throws {
        if let problem { throw problem }
        try AtomicFile.write(data, to: url)
    }

    /// Remembers that the file must not be replaced, and returns why.
    private func refuse(_ problem: Problem) -> Problem {
        self.problem = problem
        return problem
    }

    /// The file's bytes; nil when there is no file (`FileManager.contents(atPath:)` would also say nil
    /// for a file that exists but cannot be read, which must never be taken for "nothing saved").
    private func readBytes() throws(Problem) -> Data? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            // ENOTDIR: a file where a folder should be — there is no document, and saving will say why.
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw refuse(.unreadable(reason: String(cString: strerror(errno))))
        }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
            } else if errno != EINTR {
                throw refuse(.unreadable(reason: String(cString: strerror(errno))))
            }
        }
    }
}
