/// Where a profile is kept between launches. Injected, so tests use `InMemoryProfileStore`.
public protocol ProfileStore: AnyObject {
    /// The saved profile, or nil when there is none yet.
    func loadProfile() throws -> Profile?
    /// Saves `profile`, replacing the previous one.
    func save(_ profile: Profile) throws
}

/// A `ProfileStore` in memory, for tests and for running without a writable folder.
public final class InMemoryProfileStore: ProfileStore {
    /// The last saved profile.
    public private(set) var saved: Profile?
    /// How many times `save` ran.
    public private(set) var saveCount = 0
    /// When set, `save` throws it (to test failures).
    public var failure: (any Error)?

    /// Creates a store holding `profile`.
    public init(_ profile: Profile? = nil) { saved = profile }

    /// The saved profile.
    public func loadProfile() throws -> Profile? { saved }

    /// Keeps `profile`, or throws `failure`.
    public func save(_ profile: Profile) throws {
        if let failure { throw failure }
        saved = profile
        saveCount += 1
    }
}
