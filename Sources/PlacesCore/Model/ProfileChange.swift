/// What one change of `ProfileModel` changed and how saving it went, as every subscriber receives it.
public struct ProfileChange: Sendable, Equatable {
    /// Where the profile stands with its file.
    public enum Outcome: Sendable, Equatable {
        /// Read from the file at launch: nothing to save.
        case restored
        /// Being written in the background; the new values are everyone's already.
        case saving
        /// It is on disk.
        case saved
        /// It is in memory only; the reason is written for the person.
        case failed(String)
    }

    public var nameChanged: Bool
    /// Whether the home city changed (and with it every distance).
    public var homeCityChanged: Bool
    /// Whether distances are now written in another unit.
    public var distanceUnitChanged: Bool
    public var outcome: Outcome

    /// Whether every distance shown must be written again (from another city, or in another unit).
    public var distancesChanged: Bool { homeCityChanged || distanceUnitChanged }

    public init(nameChanged: Bool, homeCityChanged: Bool, distanceUnitChanged: Bool = false, outcome: Outcome) {
        self.nameChanged = nameChanged
        self.homeCityChanged = homeCityChanged
        self.distanceUnitChanged = distanceUnitChanged
        self.outcome = outcome
    }
}
