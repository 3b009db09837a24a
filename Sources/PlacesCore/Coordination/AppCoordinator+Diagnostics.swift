extension AppCoordinator {
    /// The map drew its first frame showing places (for start-up measurements in the trace).
    public func didDrawFirstFrame(places: Int) {
        log?.record(.firstFrame(places: places))
    }

    /// The card finished sliding up (for click-to-card measurements in the trace).
    public func cardDidFinishRevealing() {
        log?.record(.cardFullyShown)
    }
}
