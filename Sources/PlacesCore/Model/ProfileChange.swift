/// What one `ProfileModel.save(_:)` changed and how saving went, as every subscriber receives it.
public struct ProfileChange: Sendable, Equatable {
    /// How writing the profile went.
    public enum Outcome: Sendable, Equatable {
        /// It is on disk.
        case saved
        /// It is in memory only; the reason is written for the person.
        case failed(String)
    }

    public var nameChanged: Bool
    /// Whether the home city changed (and with it every distance).
    public var homeCityChanged: Bool
    public var outcome: Outcome

    public init(nameChanged: Bool, homeCityChanged: Bool, outcome: Outcome) {
        self.nameChanged = nameChanged
        self.homeCityChanged = homeCityChanged
        self.outcome = outcome
    }
}
