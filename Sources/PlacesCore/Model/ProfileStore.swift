/// Where a profile is kept between launches. Injected, so tests use `InMemoryProfileStore`.
public protocol ProfileStore: AnyObject {
    /// The saved profile, nil when there is none yet, and what the person should be told about the
    /// file (it was damaged and moved aside, say).
    func loadProfile() throws -> Loaded<Profile>
    func save(_ profile: Profile) throws
}

/// A `ProfileStore` in memory, for tests and for running without a writable folder.
public final class InMemoryProfileStore: ProfileStore {
    public private(set) var saved: Profile?
    public private(set) var saveCount = 0
    /// When set, `save` throws it (to test failures).
    public var failure: (any Error)?

    public init(_ profile: Profile? = nil) { saved = profile }

    public func loadProfile() throws -> Loaded<Profile> { Loaded(saved) }

    public func save(_ profile: Profile) throws {
        if let failure { throw failure }
        saved = profile
        saveCount += 1
    }
}
