/// Where a profile is kept between launches. Injected, so tests use `InMemoryProfileStore`. Called
/// off the main thread.
public protocol ProfileStore: AnyObject, Sendable {
    /// The saved profile, nil when there is none yet, and what the person should be told about the
    /// file (it was damaged and moved aside, say).
    func loadProfile() throws -> Loaded<Profile>
    /// Writes `profile`, keeping the fields saved elsewhere since this instance read or wrote `base`
    /// (`Profile.merged`); nil `base` replaces what is there. Returns what is now saved.
    func save(_ profile: Profile, base: Profile?) throws -> Profile
}

extension ProfileStore {
    /// Replaces what is saved with `profile`.
    public func save(_ profile: Profile) throws {
        _ = try save(profile, base: nil)
    }
}
