import Multicast

/// Keeps the app's preferences in their store: reads them at launch, before the window is shown,
/// and writes them after every change the person makes. A file that could not be read is left as
/// it is, and changes then last until Places quits.
@MainActor
final class SettingsKeeper: SettingsModelDelegate {
    weak var coordinator: (any AppCoordinating)?
    private let model: SettingsModel
    private let store: any SettingsStore
    private let saves: SaveQueue
    /// Nothing is written before the store was read, nor after it could not be.
    private(set) var canWrite = false
    private var isRestoring = false
    private lazy var writer: StoreWriter<Settings, Void> = StoreWriter(
        saves: saves,
        snapshot: { [unowned self] in canWrite ? model.settings : nil },
        write: { [store] settings in try store.save(settings) },
        failureMessage: { tr("Your style choice could not be saved ({reason}). It lasts until Places quits.", ["reason": $0]) },
        finished: { [unowned self] outcome in
            if case .failed(let message, _) = outcome { coordinator?.handle(.tell(.error(message))) }
        }
    )

    init(model: SettingsModel, store: any SettingsStore, saves: SaveQueue) {
        self.model = model
        self.store = store
        self.saves = saves
        model.delegates += self
    }

    /// Reads the saved preferences off the main thread and applies them; returns what the person
    /// should be told.
    func restore() async -> String? {
        let store = self.store
        let loaded = await Task.detached(priority: .userInitiated) { Result { try store.load() } }.value
        switch loaded {
        case .success(let loaded):
            canWrite = true
            isRestoring = true
            defer { isRestoring = false }
            if let settings = loaded.value { model.restore(settings) }
            return loaded.notice
        case .failure(let error):
            return "\(error)"
        }
    }

    func settingsDidChange() {
        if !isRestoring { writer.request() }
    }
}
