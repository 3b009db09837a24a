/// What `ProfileModel` broadcasts (the seed's `ModelDelegate`). Defaults do nothing.
@MainActor
public protocol ProfileModelDelegate: AnyObject {
    /// The name changed.
    func didUpdate(name: String)
    /// The home city changed.
    func didUpdate(city: City?)
    /// The profile was saved.
    func didSave()
    /// Saving failed; the profile stays in memory.
    func didFailToSave(_ error: any Error)
}

extension ProfileModelDelegate {
    /// Does nothing.
    public func didUpdate(name: String) {}
    /// Does nothing.
    public func didUpdate(city: City?) {}
    /// Does nothing.
    public func didSave() {}
    /// Does nothing.
    public func didFailToSave(_ error: any Error) {}
}
