// A GTK program that proves the main-loop bridge: once g_application_run spins, it starts a
// `Task { @MainActor in }`, a `DispatchQueue.main.async` block and an `await MainActor.run`, and
// exits 0 when all three ran within 5 s, 1 otherwise. `--without-bridge` shows the failure it fixes.
import CGtk
import Dispatch
import Foundation
import PlacesGtk

@MainActor
enum Probe {
    static var completed: Set<String> = []
    static let application = gtk_application_new("io.github.swiftplaces.MainLoopProbe", G_APPLICATION_NON_UNIQUE)!

    static func finish(_ name: String) {
        completed.insert(name)
        if completed.count == 3 { g_application_quit(application.cast(g_application_get_type())) }
    }

    static func activate() {
        let window = gtk_application_window_new(application)!
        gtk_window_present(window.cast(gtk_window_get_type(), as: UnsafeMutablePointer<GtkWindow>.self))
        Task { @MainActor in finish("Task { @MainActor in }") }
        DispatchQueue.main.async { MainActor.assumeIsolated { finish("DispatchQueue.main.async") } }
        Task.detached { await MainActor.run { finish("await MainActor.run") } }
        // A watchdog off the main thread: without the bridge nothing above ever runs.
        DispatchQueue.global().asyncAfter(deadline: .now() + 5) {
            FileHandle.standardError.write(Data("main-loop-probe: main-actor work did not run within 5 s\n".utf8))
            exit(1)
        }
    }
}

let withBridge = !CommandLine.arguments.contains("--without-bridge")
Probe.application.connect(Signals.applicationActivate) { Probe.activate() }
if withBridge { MainLoopBridge.install() }
let result = g_application_run(Probe.application.cast(g_application_get_type()), 0, nil)
print("main-loop-probe: ran \(Probe.completed.sorted().joined(separator: ", ")) (bridge \(withBridge ? "on" : "off"))")
exit(Probe.completed.count == 3 ? result : 1)
