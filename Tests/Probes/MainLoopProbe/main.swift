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
    nonisolated(unsafe) static let application = gtk_application_new("io.github.swiftplaces.MainLoopProbe", G_APPLICATION_NON_UNIQUE)!
    static var gApplication: UnsafeMutablePointer<GApplication> { UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self) }

    static func finish(_ name: String) {
        completed.insert(name)
        if completed.count == 3 { g_application_quit(gApplication) }
    }

    static func activate() {
        gtk_window_present(UnsafeMutableRawPointer(gtk_application_window_new(application)!).assumingMemoryBound(to: GtkWindow.self))
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

let activate: @convention(c) (gpointer?, gpointer?) -> Void = { _, _ in MainActor.assumeIsolated { Probe.activate() } }
g_signal_connect_data(UnsafeMutableRawPointer(Probe.application), "activate", unsafeBitCast(activate, to: GCallback.self), nil, nil, GConnectFlags(0))
let withBridge = !CommandLine.arguments.contains("--without-bridge")
if withBridge { MainLoopBridge.install() }
let result = g_application_run(Probe.gApplication, 0, nil)
print("main-loop-probe: ran \(Probe.completed.sorted().joined(separator: ", ")) (bridge \(withBridge ? "on" : "off"))")
exit(Probe.completed.count == 3 ? result : 1)
