import Foundation
import ZIPFoundation

/// One file that holds everything Places keeps of the person's places, to restore them on this
/// computer or another: a zip archive with the library as Places keeps it (`library.json`, the same
/// document as the data folder's) and a copy of every imported file, `files/N/NAME` for the library's
/// N-th file, as it is on disk when the backup is made. Reading one back gives the library with its
/// files in place (`RestoredLibrary`). Safe off the main thread.
public enum LibraryBackup {
    /// What a backup holds, for the message that says it was made.
    public struct Contents: Sendable, Equatable {
        public var ownPlaces: Int
        public var files: Int
        public var collections: Int
        /// The names of imported files that were missing, and so are not in it.
        public var missing: [String]
    }

    /// The library's entry in the archive.
    static let libraryEntry = "library.json"

    /// The archive entry of the library's `index`-th file, named `name`.
    static func fileEntry(_ index: Int, name: String) -> String { "files/\(index)/\(name)" }

    /// Writes the backup of `library` to `url`, replacing it only once it is whole (written beside
    /// it, then renamed over it).
    @discardableResult
    public static func write(_ library: Library, to url: URL) throws(BackupError) -> Contents {
        let document: Data
        do { document = try FileLibraryStore.encode(library) } catch { throw .notWritten(file: url.lastPathComponent, reason: "\(error)") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .notWritten(file: url.lastPathComponent, reason: tr("the folder {folder} does not exist", ["folder": url.deletingLastPathComponent().path]))
        }
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        var contents = Contents(ownPlaces: library.places.count, files: 0, collections: library.collections.count, missing: [])
        do {
            let archive = try Archive(url: temporary, accessMode: .create)
            try archive.addEntry(with: libraryEntry, type: .file, uncompressedSize: Int64(document.count), compressionMethod: .deflate) { position, size in
                document.subdata(in: Int(position)..<Int(position) + size)
            }
            for (index, source) in library.sources.enumerated() {
                guard let path = source.path, FileName.exists(path) else {
                    contents.missing.append(source.title)
                    continue
                }
                let file = URL(fileURLWithPath: path)
                try archive.addEntry(with: fileEntry(index, name: file.lastPathComponent), fileURL: file, compressionMethod: .deflate)
                contents.files += 1
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .notWritten(file: url.lastPathComponent, reason: reason(of: error))
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = FileProblem.reason(errno: errno)
            try? FileManager.default.removeItem(at: temporary)
            throw .notWritten(file: url.lastPathComponent, reason: reason)
        }
        return contents
    }

    /// Reads the backup at `url`: its library, and each of its files read as an import reads it. A
    /// file whose original is still where it was, unchanged, is used there; any other is unpacked
    /// into `folder` (a new folder for this backup under the data folder), and the ids of its places
    /// in the favourites and collections follow it. A file the backup lacks is used where it was if
    /// it is still there, else named in `missing`.
    public static func read(_ url: URL, unpackingInto folder: URL) throws(BackupError) -> RestoredLibrary {
        let name = url.lastPathComponent
        let archive: Archive
        do { archive = try Archive(url: url, accessMode: .read) } catch { throw .notABackup(file: name, reason: tr("it is not a zip archive, or it is damaged")) }
        guard let entry = archive[libraryEntry] else {
            throw .notABackup(file: name, reason: tr("it holds no library.json, which every backup Places makes holds"))
        }
        var library = try readLibrary(entry, of: archive, file: name)
        var restored = RestoredLibrary(backup: name)
        var sources: [PlaceSource] = []
        for (index, source) in library.sources.enumerated() {
            let packed = archive.first { $0.type == .file && $0.path.hasPrefix("files/\(index)/") }
            var path = source.path ?? ""
            if let packed, !isUnchanged(path, as: packed) {
                path = try unpack(packed, of: archive, into: folder, backup: name)
            } else if packed == nil, !FileName.exists(path) {
                restored.missing.append(source.title)
                continue
            }
            // Unpacked elsewhere, it is the same file read the same way (GNOME Maps' recent places stay such).
            var now = source
            if path != source.path {
                let suffix = source.id.hasSuffix(PlaceSource.recentSuffix) ? PlaceSource.recentSuffix : ""
                now = PlaceSource(id: PlaceFiles.source(for: path).id + suffix, title: source.title, path: path)
                library = moving(library, source: source.id, to: now.id)
            }
            sources.append(now)
            let read = PlaceFileReader.read(path: path, source: now.id)
            if case .success(let result) = read, !result.tally.document.isEmpty { now.document = result.tally.document }
            restored.files.append((now, read))
        }
        library.sources = sources
        restored.library = library
        return restored
    }

    /// The library document in the archive, read as the data folder's is (an older version upgraded,
    /// damaged entries left out); a newer version is refused.
    private static func readLibrary(_ entry: Entry, of archive: Archive, file: String) throws(BackupError) -> Library {
        guard entry.uncompressedSize <= UInt64(FileLibraryStore.sizeLimit) else {
            throw .notABackup(file: file, reason: tr("its library.json is larger than the {limit} Places reads", ["limit": FileProblem.size(FileLibraryStore.sizeLimit)]))
        }
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent("places-restore-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: staging) }
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            _ = try archive.extract(entry, to: staging.appendingPathComponent("library.json"))
        } catch {
            throw .notABackup(file: file, reason: tr("its library.json cannot be unpacked (the archive is damaged)"))
        }
        let loaded: Loaded<Library>
        do { loaded = try FileLibraryStore(folder: staging).load() } catch { throw .notABackup(file: file, reason: "\(error)") }
        guard let library = loaded.value else { throw .notABackup(file: file, reason: tr("its library.json is damaged and nothing in it can be read")) }
        return library
    }

    /// Whether the file at `path` is the one `entry` holds: same size and checksum.
    private static func isUnchanged(_ path: String, as entry: Entry) -> Bool {
        guard let size = FileName.size(path), UInt64(size) == entry.uncompressedSize,
              let bytes = try? RegularFile.read(path, limit: PlaceFiles.sizeLimit) else { return false }
        return Data(bytes).crc32(checksum: 0) == entry.checksum
    }

    /// Unpacks `entry` into `folder` under its own name (numbered if taken); returns its path.
    private static func unpack(_ entry: Entry, of archive: Archive, into folder: URL, backup: String) throws(BackupError) -> String {
        guard entry.uncompressedSize <= UInt64(PlaceFiles.sizeLimit) else {
            throw .notABackup(file: backup, reason: tr("“{name}” in it is larger than the {limit} Places reads",
                                                      ["name": entry.path.clipped(to: 80), "limit": FileProblem.size(PlaceFiles.sizeLimit)]))
        }
        let name = URL(fileURLWithPath: entry.path).lastPathComponent
        let stem = (name as NSString).deletingPathExtension, ext = (name as NSString).pathExtension
        var target = folder.appendingPathComponent(name)
        var number = 2
        while FileName.exists(target.path) {
            target = folder.appendingPathComponent(ext.isEmpty ? "\(stem) (\(number))" : "\(stem) (\(number)).\(ext)")
            number += 1
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = try archive.extract(entry, to: target)
        } catch {
            throw .notRestored(file: backup, reason: tr("“{name}” could not be unpacked into {folder}: {reason}",
                                                       ["name": name, "folder": folder.path, "reason": reason(of: error)]))
        }
        return target.path
    }

    /// Why a zip archive could not be written or unpacked, in words: the system's reason when there
    /// is one (a full disk), else what went wrong with the archive (ZIPFoundation's errors name only
    /// their case).
    private static func reason(of error: any Error) -> String {
        if let archive = error as? Archive.ArchiveError {
            return archive == .invalidCRC32 ? tr("the archive is damaged: a file in it does not match its checksum")
                : archive == .unwritableArchive ? tr("the zip archive could not be written") : tr("the archive is damaged or incomplete")
        }
        var error = error as NSError
        while true {
            if error.domain == NSPOSIXErrorDomain { return FileProblem.reason(errno: Int32(error.code)) }
            guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError else { break }
            error = underlying
        }
        return tr("the zip archive could not be written")
    }

    /// `library` with the file `old` now read from where `new` says: the favourites and collection
    /// members among its places (ids `old/…`, `FeatureMaker`) take the new id.
    private static func moving(_ library: Library, source old: PlaceSource.ID, to new: PlaceSource.ID) -> Library {
        let prefix = old + "/"
        func moved(_ id: Place.ID) -> Place.ID { id.hasPrefix(prefix) ? new + "/" + id.dropFirst(prefix.count) : id }
        var library = library
        library.favourites = library.favourites.map(moved)
        library.collections = library.collections.map { PlaceCollection(id: $0.id, name: $0.name, members: $0.members.map(moved)) }
        return library
    }
}
