import Foundation
import Multicast

/// Makes the online layer's source for a server (the app's uses libsoup and the disk cache).
public typealias OnlineTileSourceMaker = @MainActor (TileURLTemplate) -> (any RasterTileSource)?

/// Keeps the map's layers between launches and makes their sources: opens map files off the main
/// thread, makes the online layer while the Online Tiles preference is on, and saves what the
/// person chose (`MapSettings`) after every change. A layer whose file is gone or broken at launch
/// stays in the list, saying why, until the person removes it.
@MainActor
final class MapLayersKeeper: MapLayersModelDelegate {
    let model: MapLayersModel
    private let store: any MapSettingsStore
    private let saves: SaveQueue
    private let makeOnlineSource: OnlineTileSourceMaker?
    /// While restoring (or taking `--tile-url`), changes are not saved: they are what was saved, or this run's only.
    private var isRestoring = false
    /// The preference saved, when this run uses another server (`--tile-url`) that is not saved.
    private var savedOnline: OnlineTiles?
    private var saveFailed = false
    /// Whether the saved settings have been read: until then nothing is saved (a file opened at
    /// launch would otherwise replace the list before it is read), only noted in `needsSave`.
    private var hasRestored = false
    private var needsSave = false
    /// Tells the person something went wrong (an online server's address that cannot be used).
    var report: (@MainActor (String) -> Void)?

    init(model: MapLayersModel, store: any MapSettingsStore, saves: SaveQueue, makeOnlineSource: OnlineTileSourceMaker?) {
        self.model = model
        self.store = store
        self.saves = saves
        self.makeOnlineSource = makeOnlineSource
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
            if needsSave { save() }
        }
        if savedOnline == nil { model.setOnline(settings.online) } else { savedOnline = settings.online }
        for file in settings.files where model[.file(file.path)] == nil {
            var layer = await Self.open(file.path)
            layer.isVisible = file.isVisible
            if let problem = layer.problem {
                notices.append(tr("The map file {file} cannot be shown: {reason}. It stays in the map's layers until you remove it.",
                                  ["file": file.path, "reason": problem]))
            }
            if model[layer.id] == nil { model.put(layer) }
        }
        return notices
    }

    /// Uses the server of `template` for this run only (the saved preference is kept as it is).
    func useOnlineForThisRun(_ template: String) {
        savedOnline = model.online
        isRestoring = true
        defer { isRestoring = false }
        model.setOnline(OnlineTiles(isEnabled: true, template: template))
    }

    /// The layer of the map file at `path`, opened off the main thread (with a `problem` when it cannot be).
    nonisolated static func open(_ path: String) async -> MapLayer {
        let title = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return await Task.detached(priority: .userInitiated) {
            do {
                let archive = try TileArchives.open(path, title: title)
                return MapLayer(id: .file(path), title: archive.metadata.name, source: ArchiveTileSource(archive: archive, path: path))
            } catch {
                return MapLayer(id: .file(path), title: title, isVisible: true, source: nil, problem: "\(error)")
            }
        }.value
    }

    func mapLayersDidChange(_ change: MapLayersChange) {
        if change.onlineChanged { updateOnlineLayer() }
        guard !isRestoring else { return }
        // The person changed the preference in this run: from now on it is theirs, and saved.
        if change.onlineChanged { savedOnline = nil }
        save()
    }

    private func updateOnlineLayer() {
        let online = model.online
        guard online.isEnabled else {
            model.remove(.online)
            return
        }
        let source: (any RasterTileSource)?
        let problem: String?
        do {
            let template = try TileURLTemplate(online.template)
            source = makeOnlineSource?(template)
            problem = source == nil ? tr("this build of Places cannot fetch tiles") : nil
        } catch {
            source = nil
            problem = error.description
            report?(tr("Online tiles cannot be shown: {reason}.", ["reason": error.description]))
        }
        let title = source?.metadata.name ?? tr("Online Tiles")
        model.put(MapLayer(id: .online, title: title, source: source, problem: problem), at: 0)
    }

    private func save() {
        guard hasRestored else {
            needsSave = true
            return
        }
        needsSave = false
        let settings = MapSettings(
            files: model.layers.compactMap { layer in
                if case .file(let path) = layer.id { MapSettings.File(path: path, isVisible: layer.isVisible) } else { nil }
            },
            online: savedOnline ?? model.online
        )
        let store = self.store
        saves.run({ Result { try store.save(settings) } }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success: saveFailed = false
            case .failure(let error):
                if !saveFailed { report?("\(error)") }  // once, until a save works again
                saveFailed = true
            }
        }
    }
}
