import Multicast

/// Keeps the map's layers between launches (`map.json`): the map files in the layer list, shown or
/// hidden, and the Online Tiles preference, written after every change the person makes. A layer
/// whose file is gone or broken at launch stays in the list, saying why, until the person removes it.
@MainActor
final class MapLayersKeeper: MapLayersModelDelegate {
    weak var coordinator: (any AppCoordinating)?
    private let model: MapLayersModel
    private let store: any MapSettingsStore
    private let saves: SaveQueue
    /// While restoring (or taking `--tile-url`), changes are not written: they are what was saved, or this run's only.
    private var isRestoring = false
    /// The preference saved, when this run uses another server (`--tile-url`) that is not saved.
    private var savedOnline: OnlineTiles?
    /// Nothing is written before the saved settings were read: a file opened at launch would
    /// otherwise replace the list unread.
    private var hasRestored = false
    private var changedBeforeRestore = false
    private lazy var writer: StoreWriter<MapSettings, Void> = StoreWriter(
        saves: saves,
        snapshot: { [unowned self] in hasRestored ? settings : nil },
        write: { [store] settings in try store.save(settings) },
        failureMessage: { $0 },  // the store's errors are whole sentences naming the file
        finished: { [unowned self] outcome in
            if case .failed(let message, _) = outcome { coordinator?.handle(.tell(.error(message))) }
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
            var layer = await MapLayer.open(file: file.path)
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

    func mapLayersDidChange(_ change: MapLayersChange) {
        guard !isRestoring else { return }
        // The person changed the preference in this run: from now on it is theirs, and saved.
        if change.onlineChanged { savedOnline = nil }
        if !hasRestored { changedBeforeRestore = true }
        writer.request()
    }

    private var settings: MapSettings {
        MapSettings(
            files: model.layers.compactMap { layer in
                if case .file(let path) = layer.id { MapSettings.File(path: path, isVisible: layer.isVisible) } else { nil }
            },
            online: savedOnline ?? model.online
        )
    }
}
