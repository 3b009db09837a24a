@testable import PlacesCore

/// A profile model and the keeper that writes it to `store`, as the app builds them.
@MainActor
struct KeptProfile {
    let model: ProfileModel
    let keeper: ProfileKeeper
    let coordinator = SpyCoordinator()

    init(store: any ProfileStore, saves: SaveQueue = SaveQueue(), profile: Profile? = nil, localUnit: DistanceUnit = .kilometres) {
        model = ProfileModel(profile: profile, localUnit: localUnit)
        keeper = ProfileKeeper(model: model, store: store, saves: saves)
        keeper.coordinator = coordinator
    }

    /// Reads the store, as the app does at launch.
    func restore() async -> String? { await keeper.restore() }
}
