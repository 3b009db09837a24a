import Foundation

/// Where the session bus is, as GLib finds it, and what GTK needs to know when there is none.
enum SessionBus {
    /// Whether the environment names a session bus: `DBUS_SESSION_BUS_ADDRESS`, or the bus a systemd
    /// user session keeps at `$XDG_RUNTIME_DIR/bus`.
    static func isNamed(in environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
        var status = stat()
        return stat(runtime + "/bus", &status) == 0 && (status.st_mode & S_IFMT) == S_IFSOCK
    }

    /// Without a session bus (`env -i`, a bare X session, `ssh -X`), GLib starts one of its own for the
    /// display, on which no screen reader listens, and GTK 4.8's accessibility then never registers
    /// the window: it logs criticals on every state change and crashes when the window closes (a
    /// NULL object path; tested in `UnderFireTests`). There, accessibility is left off, unless the
    /// person asked for it with `GTK_A11Y`. Call before GTK starts.
    static func leaveAccessibilityOffWithoutOne() {
        let environment = ProcessInfo.processInfo.environment
        guard !isNamed(in: environment), environment["GTK_A11Y"] == nil else { return }
        setenv("GTK_A11Y", "none", 1)
    }
}
