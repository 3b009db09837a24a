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
    /// While restoring (or taking `--tile-url`, or another computer's change), changes are not
    /// written: they are what was saved, or this run's only.
    private var isRestoring = false
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
        var stored: [MapSettings.File]
        var sent: [MapSettings.File]
        var computers: [String]
        /// Whether this computer's list was joined with the folder's (at launch, or moving there):
        /// what the folder held is shown without a message, as a restored list is.
        var joined: Bool
    }

    private lazy var writer: StoreWriter<Pending, Written?> = StoreWriter(
        saves: saves,
        snapshot: { [unowned self] in snapshot },
        write: { [store] pending in try Self.write(pending, store) },
        failureMessage: { $0 },  // the stores' errors are whole sentences naming the file
        finished: { [unowned self] outcome in
            switch outcome {
            case .written(let written?): takeIn(written)
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
        isRestoring = true
        defer {
            isRestoring = false
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
        isRestoring = true
        defer { isRestoring = false }
        model.setOnline(OnlineTiles(isEnabled: true, template: template))
    }

    func mapLayersDidChange(_ change: MapLayersChange) {
        guard !isRestoring else { return }
        // The person changed the preference in this run: from now on it is theirs, and saved.
        if change.onlineChanged { savedOnline = nil }
        settingsChanged = true
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
        let files = self.files
        // In a shared folder, the files are not this computer's alone: `map.json` keeps none.
        let settings = MapSettings(files: shared == nil ? files : [], online: savedOnline ?? model.online)
        return Pending(settings: settingsChanged ? settings : nil, files: files, shared: shared, base: sharedBase)
    }

    private nonisolated static func write(_ pending: Pending, _ store: any MapSettingsStore) throws -> Written? {
        if let settings = pending.settings { try store.save(settings) }
        guard let shared = pending.shared else { return nil }
        do {
            let saved = try shared.saveMapFiles(pending.files, base: pending.base)
            return Written(stored: saved.value, sent: pending.files, computers: saved.computers, joined: pending.base == nil)
        } catch {
            throw SharedFilesProblem(description: tr("The map's layers could not be kept in the library folder ({reason}); they stay as they are in this window.",
                                                     ["reason": FileProblem.reason(of: error)]))
        }
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
        isRestoring = true
        for file in written.sent where !stored.contains(file.path) {
            if model.remove(.file(file.path)) != nil { removed += 1 }
        }
        for file in written.stored {
            switch sent[file.path] {
            case nil: added.append(file)
            case file.isVisible?: break
            case _?:
                model.setVisible(.file(file.path), file.isVisible)
                shownOrHidden += 1
            }
        }
        isRestoring = false
        let count = removed + shownOrHidden + added.count
        if count > 0, !written.joined { tell(count, added: added, computers: computers) }
        guard !added.isEmpty else { return }
        Task {
            for file in added {
                let layer = await Self.open(file)
                // Still in the folder's list, and not put meanwhile (the person may have added it too).
                guard sharedBase?.contains(where: { $0.path == file.path }) == true, model[layer.id] == nil else { continue }
                isRestoring = true
                model.put(layer)
                isRestoring = false
                if let problem = layer.problem { coordinator?.handle(.tell(.error(Self.cannotShow(file.path, problem)))) }
            }
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
