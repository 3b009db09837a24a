import Foundation

/// Tells when files in a folder change: how Places hears that a sync engine brought another
/// computer's changes into the library folder. The GTK app watches with `GFileMonitor`.
@MainActor
public protocol FolderWatching: AnyObject {
    /// Calls `changed` on the main actor after files in `folder` were created, changed, renamed or
    /// deleted, until `watch` is called again; nil stops watching.
    func watch(_ folder: URL?, changed: @escaping @MainActor () -> Void)
}
