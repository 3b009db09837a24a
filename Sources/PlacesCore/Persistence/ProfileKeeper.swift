import Multicast

/// Keeps the profile in its store (`profile.json`): reads it at launch, and writes it whenever the
/// person saves the form, recording in `ProfileModel` how the write went. Two instances of Places
/// may share the file: each write keeps the fields the other saved meanwhile (`Profile.merged`).
@MainActor
final class ProfileKeeper: ProfileModelDelegate {
    weak var coordinator: (any AppCoordinating)?
    private let model: ProfileModel
    private let store: any ProfileStore
    /// What the file held when this instance last read or wrote it: the base of the next merge.
    private var base: Profile?
    private lazy var writer: StoreWriter<Sent, Written> = StoreWriter(
        saves: saves,
        snapshot: { [unowned self] in (mine: model.profile, base: base) },
        write: { [store] sent in (sent: sent.mine, saved: try store.save(sent.mine, base: sent.base)) },
        failureMessage: { tr("Your profile could not be saved ({reason}). It is kept until Places quits.", ["reason": $0]) },
        finished: { [unowned self] outcome in written(outcome) }
    )
    private let saves: SaveQueue
    /// What a write takes: the profile now, and the base of the merge.
    private typealias Sent = (mine: Profile, base: Profile?)
    /// What a write did: what it sent, and what the file then held.
    private typealias Written = (sent: Profile, saved: Profile)

    init(model: ProfileModel, store: any ProfileStore, saves: SaveQueue) {
        self.model = model
        self.store = store
        self.saves = saves
        model.delegates += self
    }

    /// Reads the saved profile off the main thread and makes it the person's; returns what they
    /// should be told (a damaged file moved aside, a file that cannot be read).
    func restore() async -> String? {
        let store = self.store
        let loaded = await Task.detached(priority: .userInitiated) { Result { try store.loadProfile() } }.value
        switch loaded {
        case .success(let loaded):
            base = loaded.value ?? Profile()
            model.restore(loaded.value ?? Profile())
            return loaded.notice
        case .failure(let error):
            base = nil  // the store refuses to replace a file it could not read
            return "\(error)"
        }
    }

    func profileDidChange(_ change: ProfileChange) {
        if change.outcome == .saving, !isRecording { writer.request() }
    }

    /// Set while this keeper records a write's outcome in the model, whose broadcast it hears too.
    private var isRecording = false

    private func written(_ outcome: StoreWriter<Sent, Written>.Outcome) {
        isRecording = true
        defer { isRecording = false }
        switch outcome {
        case .written(let write):
            base = write.saved
            let merged = Profile.merged(base: write.sent, mine: model.profile, theirs: write.saved)
            model.recordSave(writer.isAskedAgain ? .saving : .saved, holding: merged)
        case .failed(let message, let reason):
            model.recordSave(.failed(reason))
            coordinator?.handle(.tell(.error(message)))
        case .failedAgain(let reason):
            model.recordSave(.failed(reason))
        }
    }
}
