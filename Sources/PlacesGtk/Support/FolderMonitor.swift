import CGtk
import Foundation
import PlacesCore

/// Watches a folder with GIO's `GFileMonitor` (inotify on Linux): how a running Places hears that a
/// sync engine brought another computer's changes into the library folder. Moves are reported as
/// such, so a sync engine's rename of its temporary file into place counts as a change of the log;
/// hidden files (the engines' temporary ones) are ignored.
@MainActor
final class FolderMonitor: FolderWatching {
    private var monitor: UnsafeMutablePointer<GFileMonitor>?

    func watch(_ folder: URL?, changed: @escaping @MainActor () -> Void) {
        if let monitor {
            g_file_monitor_cancel(monitor)
            g_object_unref(UnsafeMutableRawPointer(monitor))
            self.monitor = nil
        }
        guard let folder else { return }
        let file = g_file_new_for_path(folder.path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, nil) else { return }
        // Events of a file still being written come at most this often (GIO's default is 800 ms).
        g_file_monitor_set_rate_limit(monitor, 200)
        monitor.connect(Signals.fileChanged) { name in
            guard let name, !name.hasPrefix(".") else { return }
            changed()
        }
        self.monitor = monitor
    }
}
