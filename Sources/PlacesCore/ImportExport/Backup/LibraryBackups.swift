import Foundation

/// Backs the person's places up into one file, and restores them from one (`LibraryBackup`): the
/// file is written and read off the main thread, and a restore takes the place of the library in
/// one step the person can undo.
@MainActor
final class LibraryBackups {
    private let library: LibraryKeeper
    private let editor: PlacesEditor
    private let saves: SaveQueue
    private let numbers: LocalizedNumbers
    /// Where a backup's files are unpacked when their originals are gone, a folder per backup.
    private let folder: URL

    init(library: LibraryKeeper, editor: PlacesEditor, saves: SaveQueue, numbers: LocalizedNumbers, folder: URL) {
        self.library = library
        self.editor = editor
        self.saves = saves
        self.numbers = numbers
        self.folder = folder
    }

    /// "places-backup-2026-11-27.zip": the name a new backup is offered, with the day it is made.
    static func suggestedName(on day: Date = Date()) -> String {
        "places-backup-\(day.formatted(.iso8601.year().month().day())).zip"
    }

    /// Writes the backup to `path` once the saves under way are written; `done` hears what to tell.
    func backUp(to path: String, then done: @escaping @MainActor (Message) -> Void) {
        let library = library.library
        let url = URL(fileURLWithPath: path)
        let numbers = self.numbers
        saves.run({ () -> Result<LibraryBackup.Contents, BackupError> in
            Result { () throws(BackupError) in try LibraryBackup.write(library, to: url) }
        }) { result in
            switch result {
            case .success(let contents): done(.notice(Notice(Self.backedUp(contents, file: url.lastPathComponent, numbers: numbers))))
            case .failure(let error): done(.error(error.description))
            }
        }
    }

    /// Reads the backup at `path` and puts it in place of the library; returns what to tell: what
    /// came back (with Undo), what could not, or why nothing changed.
    func restore(from path: String) async -> Message {
        let url = URL(fileURLWithPath: path)
        let into = folder.appendingPathComponent(url.deletingPathExtension().lastPathComponent)
        let read = await Task.detached(priority: .userInitiated) { () -> Result<RestoredLibrary, BackupError> in
            Result { () throws(BackupError) in try LibraryBackup.read(url, unpackingInto: into) }
        }.value
        switch read {
        case .failure(let error):
            return .error(error.description)
        case .success(let restored):
            let undoable = editor.restore(restored)
            return .notice(Notice(Self.restored(restored, numbers: numbers), action: undoable ? .undo : nil))
        }
    }

    /// "Backed up 12 places of your own, 3 files and 2 collections to places-backup-2026-11-27.zip",
    /// and the files that were missing.
    nonisolated static func backedUp(_ contents: LibraryBackup.Contents, file: String, numbers: LocalizedNumbers) -> String {
        var text = tr("Backed up {what} to {file}", ["what": counts(own: contents.ownPlaces, files: contents.files, collections: contents.collections, numbers: numbers),
                                                     "file": file])
        if !contents.missing.isEmpty {
            text += "; " + trPlural("{count} file is missing and not in it: {files}", "{count} files are missing and not in it: {files}",
                                    count: contents.missing.count, ["count": numbers.count(contents.missing.count), "files": list(contents.missing)])
        }
        return text
    }

    /// "Restored 12 places of your own, 3 files and 2 collections from places-backup-2026-11-27.zip",
    /// and the files that could not come back.
    private static func restored(_ restored: RestoredLibrary, numbers: LocalizedNumbers) -> String {
        let unreadable = restored.files.compactMap { file -> String? in
            if case .failure(let error) = file.result { tr("{file} ({reason})", ["file": file.source.title, "reason": "\(error)"]) } else { nil }
        }
        let what = counts(own: restored.library.places.count { $0.isUsable }, files: restored.files.count - unreadable.count,
                          collections: restored.library.collections.count, numbers: numbers)
        var text = tr("Restored {what} from {file}", ["what": what, "file": restored.backup])
        if !restored.missing.isEmpty {
            text += "; " + trPlural("{count} file is neither in the backup nor on this computer: {files}",
                                    "{count} files are neither in the backup nor on this computer: {files}",
                                    count: restored.missing.count, ["count": numbers.count(restored.missing.count), "files": list(restored.missing)])
        }
        if !unreadable.isEmpty {
            text += "; " + trPlural("{count} file could not be read: {files}", "{count} files could not be read: {files}",
                                    count: unreadable.count, ["count": numbers.count(unreadable.count), "files": list(unreadable)])
        }
        return text
    }

    /// "12 places of your own, 3 files and 2 collections".
    private nonisolated static func counts(own: Int, files: Int, collections: Int, numbers: LocalizedNumbers) -> String {
        let parts = [
            trPlural("{count} place of your own", "{count} places of your own", count: own, ["count": numbers.count(own)]),
            trPlural("{count} imported file", "{count} imported files", count: files, ["count": numbers.count(files)]),
            trPlural("{count} collection", "{count} collections", count: collections, ["count": numbers.count(collections)]),
        ]
        return tr("{list} and {last}", ["list": parts.dropLast().joined(separator: ", "), "last": parts.last!])
    }

    /// The first three names, and how many more.
    private nonisolated static func list(_ names: [String]) -> String {
        let shown = names.prefix(3).map { $0.clipped(to: 60) }.joined(separator: ", ")
        return names.count > 3 ? tr("{names} and {count} more", ["names": shown, "count": String(names.count - 3)]) : shown
    }
}
