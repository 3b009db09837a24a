import Foundation
import Multicast

/// Keeps the map's layers between launches: the map files in the layer list, shown or hidden, and
/// the Online Tiles preference, written after every change the person makes. A layer whose file is
/// gone or broken at launch stays in the list, saying why, until the person removes it.
///
/// The preference is this computer's (`map.json`). The map files are too, unless the library is kept
/// in a folder several computers share (`follow(_:)`): then the list is theirs together, kept in the
/// folder with the library, and what another computer adds, removes, shows or hides shows here.
@MainActor
final class MapLayersKeeper: MapLayersModelDelegate {
    weak var coordinator: (any AppCoordinating)?
    private let model: MapLayersModel
    private let store: any MapSettingsStore
    private let saves: SaveQueue
    /// While taking in what was saved, another computer's change or `--tile-url`, the model's changes
    /// are not the person's and are not written: they are saved already, or this run's only.
    private var isTakingIn = false
    /// The preference saved, when this run uses another server (`--tile-url`) that is not saved.
    private var savedOnline: OnlineTiles?
    /// Nothing is written before the saved settings were read: a file opened at launch would
    /// otherwise replace the list unread.
    private var hasRestored = false
    private var changedBeforeRestore = false
    /// The library folder's list, when the map files are kept there.
    private var shared: (any SharedMapFiles)?
    /// What the folder's list was when this computer last read or wrote it: the base of the next
    /// write (nil: the next write joins this computer's list into the folder's).
    private var sharedBase: [MapSettings.File]?
    /// Whether `map.json` has something new to write (not only the folder to read).
    private var settingsChanged = false
    /// Files of the folder's list still being opened: in the list this computer sends, though not in
    /// the model yet, lest a write meanwhile delete them everywhere.
    private var opening: [MapSettings.File] = []
    /// The computers whose changes the library's last read of the folder took in: what changed in
    /// the list came from them (that read took the changes in before this keeper's read).
    private var computersHeard: [String] = []

    /// One write: `map.json` (when it changed) and the folder's list (when the map files are kept there).
    private struct Pending: Sendable {
        var settings: MapSettings?
        var files: [MapSettings.File]
        var shared: (any SharedMapFiles)?
        var base: [MapSettings.File]?
    }

    /// What the folder's list holds after a write, beside what was sent: the difference came from elsewhere.
    private struct Written: Sendable {
        /// The folder written: a result for a folder the library has left since is not taken in.
        var shared: any SharedMapFiles
        var stored: [MapSettings.File]
        var sent: [MapSettings.File]
        var computers: [String]
        /// Whether this computer's list was joined with the folder's (at launch, or moving there):
        /// what the folder held is shown without a message, as a restored list is.
        var joined: Bool
        /// Anything to tell: the folder's files' notices, or `map.json` that could not be written.
        var problems: [String]
    }

    private lazy var writer: StoreWriter<Pending, Written?> = StoreWriter(
        saves: saves,
        snapshot: { [unowned self] in snapshot },
        write: { [store] pending in try Self.write(pending, store) },
        failureMessage: { $0 },  // the stores' errors are whole sentences naming the file
        finished: { [unowned self] outcome in
            switch outcome {
            case .written(let written?):
                if written.shared === shared { takeIn(written) }
                for problem in written.problems { coordinator?.handle(.tell(.error(problem))) }
            case .written(nil), .failedAgain: break
            case .failed(let message, _): coordinator?.handle(.tell(.error(message)))
            }
        }
    )

    init(model: MapLayersModel, store: any MapSettingsStore, saves: SaveQueue) {
        self.model = model
        self.store = store
        self.saves = saves
        model.delegates += self
    }

    /// Reads the saved settings and opens their map files off the main thread; returns what the
    /// person should be told.
    func restore() async -> [String] {
        let store = self.store
        let loaded = await Task.detached(priority: .userInitiated) { Result { try store.loadSettings() } }.value
        var notices: [String] = []
        let settings: MapSettings
        switch loaded {
        case .success(let loaded):
            settings = loaded.value ?? MapSettings()
            if let notice = loaded.notice { notices.append(notice) }
        case .failure(let error):
            hasRestored = true  // the store refuses to replace what it could not read
            return ["\(error)"]
        }
        isTakingIn = true
        defer {
            isTakingIn = false
            hasRestored = true
            if changedBeforeRestore { writer.request() }
        }
        if savedOnline == nil { model.setOnline(settings.online) } else { savedOnline = settings.online }
        for file in settings.files where model[.file(file.path)] == nil {
            let layer = await Self.open(file)
            if let problem = layer.problem { notices.append(Self.cannotShow(file.path, problem)) }
            if model[layer.id] == nil { model.put(layer) }
        }
        return notices
    }

    /// Keeps the map files in the library folder `shared` from now on (nil: in `map.json`, this
    /// computer's): this computer's list is joined with the folder's, nothing of either removed.
    func follow(_ shared: (any SharedMapFiles)?) {
        guard shared !== self.shared else { return }
        self.shared = shared
        sharedBase = nil
        settingsChanged = true  // `map.json` lists the files, or no longer does
        request()
    }

    /// Reads the folder's list again: the library's read of the folder took in what `computers` changed.
    func folderWasRead(computers: [String]) {
        guard shared != nil else { return }
        computersHeard = Array(Set(computersHeard + computers)).sorted()
        request()
    }

    /// Uses the server of `template` for this run only (the saved preference is kept as it is).
    func useOnlineForThisRun(_ template: String) {
        savedOnline = model.online
        isTakingIn = true
        defer { isTakingIn = false }
        model.setOnline(OnlineTiles(isEnabled: true, template: template))
    }

    func mapLayersDidChange(_ change: MapLayersChange) {
        guard !isTakingIn else { return }
        // The person changed the preference in this run: from now on it is theirs, and saved.
        if change.onlineChanged { savedOnline = nil }
        // In a library folder, the files are written there: `map.json` only keeps the preference.
        if change.onlineChanged || shared == nil { settingsChanged = true }
        request()
    }

    private func request() {
        if !hasRestored { changedBeforeRestore = true }
        writer.request()
    }

    private var files: [MapSettings.File] {
        model.layers.compactMap { layer in
            if case .file(let path) = layer.id { MapSettings.File(path: path, isVisible: layer.isVisible) } else { nil }
        }
    }

    private var snapshot: Pending? {
        guard hasRestored else { return nil }
        defer { settingsChanged = false }
        let shown = files
        let files = shown + opening.filter { file in !shown.contains { $0.path == file.path } }
        // In a library folder, the files are not this computer's alone: `map.json` keeps none.
        let settings = MapSettings(files: shared == nil ? files : [], online: savedOnline ?? model.online)
        return Pending(settings: settingsChanged ? settings : nil, files: files, shared: shared, base: sharedBase)
    }

    /// Writes the folder's list first, then `map.json`: a list `map.json` no longer holds is in the
    /// folder, or else `map.json` keeps it.
    private nonisolated static func write(_ pending: Pending, _ store: any MapSettingsStore) throws -> Written? {
        var written: Written?
        var folderProblem: String?
        if let shared = pending.shared {
            do {
                let saved = try shared.saveMapFiles(pending.files, base: pending.base)
                written = Written(shared: shared, stored: saved.value, sent: pending.files, computers: saved.computers, joined: pending.base == nil,
                                  problems: saved.notice.map { [$0] } ?? [])
            } catch {
                folderProblem = tr("The map's layers could not be kept in the library folder ({reason}); they stay as they are in this window.",
                                   ["reason": FileProblem.reason(of: error)])
            }
        }
        if var settings = pending.settings {
            if folderProblem != nil { settings.files = pending.files }
            do {
                try store.save(settings)
            } catch where written != nil {
                // The folder has the list: what the settings file could not take is told, not lost.
                written?.problems.append("\(error)")
            }
        }
        if let folderProblem { throw SharedFilesProblem(description: folderProblem) }
        return written
    }

    private struct SharedFilesProblem: Error, CustomStringConvertible {
        var description: String
    }

    /// Shows what the folder's list holds that differs from what this computer sent: another
    /// computer's files added, removed, shown or hidden. Not written again: the folder holds it.
    private func takeIn(_ written: Written) {
        sharedBase = written.stored
        let computers = Set(written.computers + computersHeard).sorted()
        computersHeard = []
        let sent = Dictionary(written.sent.map { ($0.path, $0.isVisible) }, uniquingKeysWith: { first, _ in first })
        let stored = Set(written.stored.map(\.path))
        var removed = 0, shownOrHidden = 0
        var added: [MapSettings.File] = []
        isTakingIn = true
        for file in written.sent where !stored.contains(file.path) {
            if model.remove(.file(file.path)) != nil { removed += 1 }
        }
        opening.removeAll { !stored.contains($0.path) }
        for file in written.stored {
            switch sent[file.path] {
            case nil: added.append(file)
            case file.isVisible?: break
            case _?:
                model.setVisible(.file(file.path), file.isVisible)
                if let index = opening.firstIndex(where: { $0.path == file.path }) { opening[index].isVisible = file.isVisible }
                shownOrHidden += 1
            }
        }
        isTakingIn = false
        let count = removed + shownOrHidden + added.count
        if count > 0, !written.joined { tell(count, added: added, computers: computers) }
        guard !added.isEmpty else { return }
        opening += added
        let order = Dictionary(written.stored.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        Task {
            for file in added {
                var layer = await MapLayer.open(file: file.path)
                // As the folder now has it: removed, shown or hidden meanwhile.
                guard let latest = opening.first(where: { $0.path == file.path }) else { continue }
                opening.removeAll { $0.path == file.path }
                layer.isVisible = latest.isVisible
                // The person may have added it too meanwhile.
                guard model[layer.id] == nil else { continue }
                isTakingIn = true
                model.put(layer, at: index(for: file.path, order: order))
                isTakingIn = false
                if let problem = layer.problem { coordinator?.handle(.tell(.error(Self.cannotShow(file.path, problem)))) }
            }
        }
    }

    /// Where the file `path` goes among the layers for them to be in the folder's `order` (by path):
    /// below the first file that comes after it there (nil: on top).
    private func index(for path: String, order: [String: Int]) -> Int? {
        guard let rank = order[path] else { return nil }
        return model.layers.firstIndex { layer in
            if case .file(let other) = layer.id, let otherRank = order[other] { otherRank > rank } else { false }
        }
    }

    /// Tells the person what another computer changed in the list.
    private func tell(_ count: Int, added: [MapSettings.File], computers: [String]) {
        let computer = computers.isEmpty ? tr("another computer") : computers.joined(separator: ", ")
        let message = added.count == 1 && count == 1
            ? tr("“{file}” was added to the map on {computer}", ["file": URL(fileURLWithPath: added[0].path).lastPathComponent, "computer": computer])
            : trPlural("{count} map file changed on {computer}", "{count} map files changed on {computer}", count: count,
                       ["count": String(count), "computer": computer])
        coordinator?.handle(.tell(.notice(Notice(message))))
    }

    private nonisolated static func open(_ file: MapSettings.File) async -> MapLayer {
        var layer = await MapLayer.open(file: file.path)
        layer.isVisible = file.isVisible
        return layer
    }

    private static func cannotShow(_ path: String, _ problem: String) -> String {
        tr("The map file {file} cannot be shown: {reason}. It stays in the map's layers until you remove it.", ["file": path, "reason": problem])
    }
}
