import Foundation
import Synchronization

/// Keeps the library in a folder a file-sync engine (Syncthing, Nextcloud) carries between computers:
/// each computer appends what it changes to a log of its own (`SyncLog`), and the library is the merge
/// of every log (`SyncReplica`). No file has two writers, so the engine never has two versions of one
/// to choose between; edits made on two computers at once are both kept, field by field.
///
/// What a sync engine leaves behind is taken as it comes:
/// - its temporary files (`.syncthing.….tmp`, `….part`, `.~…`) are not logs and are not read;
/// - a log read before, grown since, is read from where the last read stopped; one replaced (rewritten
///   by its device) is read again whole, and what was applied already is skipped;
/// - a damaged log is read up to the damage, and the person told, once;
/// - a conflict copy of a log (`places-ID.sync-conflict-….jsonl`, `places-ID (conflicted copy …).jsonl`)
///   is merged, its edits that its device's own log does not hold taken in as this computer's, then removed;
/// - a single-file library (`library.json`, as Places keeps it outside a sync folder) found in the folder
///   is merged in once and renamed `library.json.merged`.
///
/// The map files in the map's layer list are kept here too (`SharedMapFiles`), so each computer shows
/// the same maps.
///
/// This computer's log is rewritten with only what is still in effect once a fifth of it is dead
/// weight, so the folder stays within twice the size of a plain library file.
public final class SyncFolderLibraryStore: LibraryStore, SharedMapFiles {
    public let folder: URL
    public let device: SyncDevice
    private let paths: MapFilePath
    /// The wall clock, in milliseconds since 1970 (tests skew it).
    private let now: @Sendable () -> Int64
    private let state = Mutex(State())
    /// This computer's log is rewritten once it is this many times as long as its last rewrite, and
    /// at least `compactionFloor` long: every log holds at most a quarter more than what is in effect.
    static let compactionRatio = 1.25
    static let compactionFloor = 16 * 1024

    /// What was read of one file of the folder.
    private struct Mark {
        /// Bytes of the file as read, where they were: its first line, and the start and end of its
        /// last line (which hold a commit's number and clock). A file that still holds them has only
        /// grown; one that does not was replaced by another version.
        var probes: [(offset: Int, bytes: [UInt8])]
        var length: Int
        var lines: Int
        var header: SyncLog.Header
        var lastSequence: Int
        var damaged: Bool
        /// How many commits were read from the file so far.
        var commitsRead: Int
    }

    private struct State {
        var replica = SyncReplica()
        var marks: [String: Mark] = [:]
        var names: [SyncDevice.ID: String] = [:]
        /// The length this computer's log had after its last rewrite.
        var compactedLength = 0
        /// The computers whose changes a read for the map files took in, not yet named by a library save.
        var unreported = Set<SyncDevice.ID>()
        /// The id in the logs of each map file path read (`MapFilePath`).
        var mapFileIDs: [String: String] = [:]
    }

    /// What one reading of the folder found.
    private struct Reading {
        /// Entities changed that have a deletion in effect.
        var contested = Set<SyncKey>()
        var devices = Set<SyncDevice.ID>()
        var notices: [String] = []
        /// Edits found only in a conflict copy or a single-file library: written again as this computer's.
        var adopted: [SyncOperation] = []
        /// This computer's log is not what it wrote: it must be written again.
        var ownLogReplaced = false
        /// Conflict copies read: removed once what they held is written.
        var copies: [URL] = []

        /// The notices as one text for the person (nil: none).
        var notice: String? { notices.isEmpty ? nil : notices.joined(separator: " ") }

        mutating func take(_ applied: SyncReplica.Applied) {
            contested.formUnion(applied.contested)
            devices.formUnion(applied.devices)
        }
    }

    /// A store over `folder` writing as `device`; map files under `home` are shared as `~/…`.
    public init(folder: URL, device: SyncDevice, home: String = NSHomeDirectory(),
                now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) }) {
        self.folder = folder
        self.device = device
        paths = MapFilePath(folder: folder, home: home)
        self.now = now
    }

    private var ownLog: URL { folder.appendingPathComponent(SyncLog.fileName(of: device.id)) }

    /// The library the folder's logs hold (nil: none yet). Throws when the folder is not there (a
    /// drive not mounted, say): nothing is written into a new, empty folder in its place.
    public func load() throws -> Loaded<Library> {
        try requireFolder()
        return try FileLock.exclusively(for: ownLog) { () throws(LibraryStoreError) in
            try state.withLock { state throws(LibraryStoreError) in
                let reading = try read(&state)
                // Edits found in copies are written as this computer's when it can (else at the next save,
                // the copies kept till then).
                if (try? write(reading.adopted, &state)) != nil { removeCopies(reading) }
                let library = state.replica.library
                let empty = state.replica.commitCount == 0
                return Loaded(empty ? nil : library, notice: reading.notice)
            }
        }
    }

    /// Appends what changed from `base` to `library` to this computer's log (from what the folder
    /// holds when `base` is nil, removing nothing: joining), after taking in what the other logs hold.
    public func save(_ library: Library, base: Library?) throws -> Saved<Library> {
        try update { state, reading in
            let operations = base.map { library.operations(since: $0) } ?? library.operations(since: state.replica.library, removing: false)
            try write(operations, &state)
            let devices = reading.devices.union(state.unreported)
            state.unreported = []
            return Saved(state.replica.library, notice: reading.notice,
                         computers: otherComputers(devices, state))
        }
    }

    /// Writes the shown value of the field again, made knowing of every value it has: the one left.
    public func keepShown(_ id: Place.ID, instead alternative: PlaceAlternative) throws {
        try update { state, _ in
            guard let shown = state.replica.value(SyncKey(.place, id), alternative.field) else { return }
            try write([SyncOperation(.place, id, .set([alternative.field: shown]))], &state)
        }
    }

    public var sharedMapFiles: (any SharedMapFiles)? { self }

    public func saveMapFiles(_ files: [MapSettings.File], base: [MapSettings.File]?) throws -> Saved<[MapSettings.File]> {
        try update { state, reading in
            let operations = MapSettings.File.operations(sharedIDs(files, state), since: base.map { sharedIDs($0, state) } ?? state.replica.mapFiles,
                                                         removing: base != nil)
            // The list shows files in the order of the commits that added them: one commit each.
            let isAdded = { (operation: SyncOperation) in if case .set(let fields) = operation.change { fields[.created] != nil } else { false } }
            try write(operations.filter { !isAdded($0) }, &state)
            for added in operations.filter(isAdded) { try write([added], &state) }
            // The library's next save names these computers too: this read took their changes in first.
            state.unreported.formUnion(reading.devices)
            return Saved(localMapFiles(&state), notice: reading.notice,
                         computers: otherComputers(reading.devices, state))
        }
    }

    /// `files` (this computer's paths) by their ids in the logs: the id a path was last read from,
    /// else the path as `MapFilePath` shares it. A path read from another computer's id is written
    /// back under that id, even where this computer would have written it otherwise.
    private func sharedIDs(_ files: [MapSettings.File], _ state: State) -> [MapSettings.File] {
        files.map { MapSettings.File(path: state.mapFileIDs[$0.path] ?? paths.shared($0.path), isVisible: $0.isVisible) }
    }

    /// The folder's list with this computer's paths, each remembered with its id.
    private func localMapFiles(_ state: inout State) -> [MapSettings.File] {
        state.replica.mapFiles.map { file in
            let path = paths.local(file.path)
            state.mapFileIDs[path] = file.path
            return MapSettings.File(path: path, isVisible: file.isVisible)
        }
    }

    /// Reads what the folder holds, writes what copies held as this computer's (then removes them),
    /// then runs `change`, which writes this computer's own change: made knowing of theirs, it wins.
    /// A folder gone (a drive unmounted) is not made again empty: nothing is written till it is back.
    private func update<Result>(_ change: (inout State, Reading) throws -> Result) throws -> Result {
        try requireFolder()
        return try FileLock.exclusively(for: ownLog) { () throws in
            try state.withLock { state throws in
                let reading = try read(&state)
                try write(reading.adopted, &state)
                removeCopies(reading)
                return try change(&state, reading)
            }
        }
    }

    /// Throws unless the folder is there.
    private func requireFolder() throws(LibraryStoreError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .unreadable(path: folder.path, reason: FileProblem.missing.description)
        }
    }

    /// Removes the conflict copies read, once what they held is written in this computer's log.
    private func removeCopies(_ reading: Reading) {
        for url in reading.copies { try? FileManager.default.removeItem(at: url) }
    }

    public func alternatives() -> [Place.ID: [PlaceAlternative]] {
        state.withLock { state in
            var found: [Place.ID: [PlaceAlternative]] = [:]
            for key in state.replica.keysWithAlternatives where key.entity == .place {
                let alternatives = state.replica.alternatives(key).compactMap { alternative in
                    Self.value(alternative.value, of: alternative.field).map { PlaceAlternative($0, computer: computerName(alternative.device, state)) }
                }
                if !alternatives.isEmpty { found[key.id] = alternatives }
            }
            return found
        }
    }

    /// A place's field's value as the card offers it.
    private static func value(_ value: SyncValue, of field: SyncField) -> PlaceAlternative.Value? {
        switch (field, value) {
        case (.name, .text(let name)): .name(name)
        case (.kind, .text(let kind)): .kind(Category(rawValue: kind))
        case (.position, .position(let latitude, let longitude)): .position(Coordinate(latitude: latitude, longitude: longitude))
        case (.notes, .text(let notes)): .notes(notes)
        case (.link, .text(let link)): .link(link)
        case (.properties, .pairs(let pairs)): .properties(pairs)
        default: nil
        }
    }

    /// Takes in what the folder's files hold that was not read yet.
    private func read(_ state: inout State) throws(LibraryStoreError) -> Reading {
        var reading = Reading()
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch CocoaError.fileReadNoSuchFile {
            names = []
        } catch {
            throw .unreadable(path: folder.path, reason: FileProblem.reason(of: error))
        }
        // Each computer's own log first, then copies (a Nextcloud copy's name sorts before its log's).
        let logs = names.filter(SyncLog.mayBeLog).sorted()
        let canonical = logs.filter { $0.hasPrefix("places-") && !$0.contains(" ") && !$0.contains(".sync-conflict-") }
        for name in canonical + logs.filter({ !canonical.contains($0) }) {
            try readLog(name, &state, &reading)
        }
        // This computer's log deleted elsewhere: written again from what is here.
        if state.marks[SyncLog.fileName(of: device.id)] != nil, !names.contains(SyncLog.fileName(of: device.id)) { reading.ownLogReplaced = true }
        if names.contains("library.json") { mergeSingleFile(&state, &reading) }
        if reading.ownLogReplaced { try? rewrite(&state) }
        for kept in state.replica.keptDespiteDeletion(reading.contested) where kept.key.entity == .place {
            let name = state.replica.value(kept.key, .name)?.text ?? kept.key.id
            reading.notices.append(tr("“{name}” was deleted on {computer} and changed on {other} at the same time: it is kept, with the change.",
                                      ["name": name.clipped(to: 80), "computer": computerName(kept.deletedOn, state),
                                       "other": computerName(kept.changedOn, state)]))
        }
        return reading
    }

    /// The names of `devices` but this computer.
    private func otherComputers(_ devices: Set<SyncDevice.ID>, _ state: State) -> [String] {
        devices.subtracting([device.id]).map { computerName($0, state) }.sorted()
    }

    private func computerName(_ id: SyncDevice.ID, _ state: State) -> String {
        id == device.id ? device.name : state.names[id] ?? id
    }

    /// Reads what the log `name` holds past what was read of it; a conflict copy is merged (and
    /// removed once what only it held is written). This computer's own log, when it cannot be read
    /// or is another version's, throws: it is never replaced by what this computer remembers.
    private func readLog(_ name: String, _ state: inout State, _ reading: inout Reading) throws(LibraryStoreError) {
        let url = folder.appendingPathComponent(name)
        let mark = state.marks[name]
        let isOwn = name == SyncLog.fileName(of: device.id)
        let tail: (bytes: [UInt8], start: Int)?
        do {
            tail = try RegularFile.readTail(url.path, probes: mark?.probes ?? [], after: mark?.length ?? 0, limit: SyncLog.sizeLimit)
        } catch {
            if isOwn { throw .unreadable(path: url.path, reason: error.description) }
            return
        }
        guard let (bytes, start) = tail else {
            if isOwn, mark != nil { reading.ownLogReplaced = true }
            return
        }
        let continued = start > 0 && mark != nil
        if continued, bytes.isEmpty { return }
        // This computer's log replaced behind its back (an older copy put back): written again whole.
        if isOwn, mark != nil, !continued { reading.ownLogReplaced = true }
        guard let log = continued ? SyncLog.read(bytes, header: mark!.header, lastSequence: mark!.lastSequence, lines: mark!.lines) : SyncLog.read(bytes) else {
            if isOwn { throw .unreadable(path: url.path, reason: tr("its first line is not the header of a Places log")) }
            return  // not a log of Places
        }
        if isOwn, log.header.version > SyncLog.formatVersion { throw .newerVersion(path: url.path, version: String(log.header.version)) }
        let logDevice = log.header.device
        let isCopy = name != SyncLog.fileName(of: logDevice)
        if !isCopy { state.names[logDevice] = log.header.name }
        // What the rewrite left out held nothing in effect: known, once all it wrote was read.
        let commitsRead = (continued ? mark!.commitsRead : 0) + log.commits.count
        for commit in log.commits {
            if isCopy, state.replica.header(of: commit.id) == nil {
                // What only a copy holds is written again as this computer's, not taken as its
                // device's: the copy goes, and nothing may wait for a commit no log holds.
                reading.adopted += commit.operations
            } else if let applied = state.replica.apply(commit) {
                reading.take(applied)
            } else if state.replica.header(of: commit.id)?.clock != commit.header.clock {
                // Two computers wrote under one id (a copied configuration): the version read second
                // is kept as this computer's edits, whichever file it came in.
                reading.adopted += commit.operations
            }
        }
        if let damage = log.damage, mark?.damaged != true || !continued {
            if case .unreadableLine(let line) = damage {
                let who = state.names[logDevice] ?? log.header.name
                reading.notices.append(tr("The changes made on {computer} could only be read up to line {line} of {file}: the rest of the file is damaged and was not loaded.",
                                          ["computer": who, "line": String(line), "file": name]))
            }
        }
        if isCopy {
            reading.copies.append(url)
            state.marks[name] = nil
            return
        }
        // This computer's log damaged: kept aside as it is before it is written anew.
        if isOwn, log.damage != nil, let aside = AtomicFile.moveAside(url) {
            reading.notices.append(tr("This computer's log in the library folder was damaged; it has been kept as {file} and written anew from what Places holds.",
                                      ["file": aside.lastPathComponent]))
            reading.ownLogReplaced = true
        }
        // Read whole at launch: a log as long as that is no reason to rewrite it at the first change.
        if isOwn, !continued { state.compactedLength = max(state.compactedLength, log.length) }
        if logDevice != device.id || !isCopy, commitsRead >= log.header.commits {
            reading.take(state.replica.know(logDevice, through: log.header.through))
        }
        let length = (continued ? mark!.length : 0) + log.length
        let probes = continued && log.length == 0 ? mark!.probes
            : Self.probes(of: bytes[..<log.length], at: continued ? mark!.length : 0, keeping: continued ? mark!.probes.prefix(1) : [])
        state.marks[name] = Mark(probes: probes, length: length, lines: log.lines, header: log.header,
                                 lastSequence: log.commits.last?.id.sequence ?? (continued ? mark!.lastSequence : 0), damaged: log.damage != nil,
                                 commitsRead: commitsRead)
    }

    /// Merges a single-file library found in the folder, then renames it so it is merged once.
    private func mergeSingleFile(_ state: inout State, _ reading: inout Reading) {
        let single = FileLibraryStore(folder: folder)
        guard let loaded = try? single.load(), let library = loaded.value else { return }
        reading.adopted += library.operations(since: state.replica.library, removing: false)
        // Merged once: renamed, or removed when it cannot be (its edits are in this computer's log).
        var merged = folder.appendingPathComponent("library.json.merged")
        if FileManager.default.fileExists(atPath: merged.path) {
            merged = folder.appendingPathComponent("library.json.merged-\(Int(Date().timeIntervalSince1970))")
        }
        if (try? FileManager.default.moveItem(at: single.url, to: merged)) == nil { try? FileManager.default.removeItem(at: single.url) }
        if let notice = loaded.notice { reading.notices.append(notice) }
    }

    /// Appends one commit of `operations` to this computer's log (none: nothing), rewriting the log
    /// first when it is damaged or half dead weight.
    private func write(_ operations: [SyncOperation], _ state: inout State) throws(WriteProblem) {
        guard !operations.isEmpty else { return }
        let operations = operations.map { state.replica.completingRecreation($0) }
        let sequence = (state.replica.known[device.id] ?? 0) + 1
        let clock = state.replica.clock.next(now: now())
        let commit = SyncCommit(device: device.id, sequence: sequence, clock: clock, seen: state.replica.known, operations: operations)
        state.replica.apply(commit)
        let name = SyncLog.fileName(of: device.id)
        do {
            let line = try SyncLog.line(commit)
            let mark = state.marks[name]
            let length = mark?.length ?? 0
            if mark == nil || mark!.damaged || Double(length + line.count) > max(Double(Self.compactionFloor), Self.compactionRatio * Double(state.compactedLength)) {
                try rewrite(&state)
            } else {
                try append(line, to: ownLog)
                if let mark = state.marks[name] {
                    state.marks[name]?.probes = Self.probes(of: Array(line)[...], at: mark.length, keeping: mark.probes.prefix(1))
                }
                state.marks[name]?.length += line.count
                state.marks[name]?.lines += 1
                state.marks[name]?.lastSequence = sequence
                state.marks[name]?.commitsRead += 1
            }
        } catch {
            // The commit stays applied here: the next save writes the log anew with it.
            state.marks[name]?.damaged = true
            throw WriteProblem(description: tr("{path}: {reason}", ["path": ownLog.path, "reason": FileProblem.reason(of: error)]))
        }
    }

    /// The probes of a file (`Mark`) whose bytes `read` start at `start`: its first line (`kept`, when
    /// read before), and up to 256 bytes at each end of the last line read.
    private static func probes(of read: ArraySlice<UInt8>, at start: Int, keeping kept: ArraySlice<(offset: Int, bytes: [UInt8])>) -> [(offset: Int, bytes: [UInt8])] {
        var probes = Array(kept)
        let bytes = Array(read)
        if probes.isEmpty, let end = bytes.firstIndex(of: 0x0A) { probes.append((start, Array(bytes[...end]))) }
        guard bytes.count > 1 else { return probes }
        let lineStart = bytes[..<(bytes.count - 1)].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = bytes[lineStart...]
        probes.append((start + lineStart, Array(line.prefix(256))))
        probes.append((start + bytes.count - min(256, line.count), Array(line.suffix(256))))
        return probes
    }

    /// Writes this computer's log anew with only what is in effect.
    private func rewrite(_ state: inout State) throws {
        let through = state.replica.known[device.id] ?? 0
        let commits = state.replica.liveCommits(of: device.id)
        let header = SyncLog.Header(device: device, through: through, commits: commits.count)
        let data = try SyncLog.encode(header: header, commits: commits)
        try AtomicFile.createFolder(folder)
        try AtomicFile.write(data, to: ownLog)
        let lines = data.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        state.marks[SyncLog.fileName(of: device.id)] = Mark(probes: Self.probes(of: Array(data)[...], at: 0, keeping: []), length: data.count, lines: lines, header: header, lastSequence: through, damaged: false,
                                                                  commitsRead: commits.count)
        state.compactedLength = data.count
    }

    /// Why this computer's log could not be written; the text is shown to the person as is.
    struct WriteProblem: Error, CustomStringConvertible {
        var description: String
    }

    /// Appends `line` to the file at `url` and flushes it to the disk.
    private func append(_ line: Data, to url: URL) throws {
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw FileProblem.system(errno: errno) }
        defer { close(fd) }
        let written = line.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        guard written == line.count else { throw FileProblem.system(errno: written < 0 ? errno : ENOSPC) }
        guard fsync(fd) == 0 else { throw FileProblem.system(errno: errno) }
    }
}
