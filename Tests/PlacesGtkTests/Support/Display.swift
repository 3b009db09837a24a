import CGtk
import Foundation

/// Whether GUI tests can run: GTK initialises only with a display. `gtk_init_check` (unlike
/// `gtk_init`) reports failure instead of exiting, so suites can skip cleanly without one.
enum Display {
    @MainActor private static var initialised: Bool?

    /// True when GTK could be initialised on the main thread.
    static func isAvailable() async -> Bool {
        await MainActor.run {
            if let initialised { return initialised }
            let ok = ProcessInfo.processInfo.environment["DISPLAY"] != nil && gtk_init_check() != 0
            initialised = ok
            return ok
        }
    }
}
