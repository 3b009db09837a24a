import CGtk
import PlacesCore

/// The `AdwApplication` (a `GtkApplication` that starts libadwaita: its stylesheet, the system's colour
/// scheme): one per process, it owns the main loop, the app id on the session bus and the
/// application-wide keyboard accelerators.
@MainActor
struct Application {
    let application: UnsafeMutablePointer<GtkApplication>
    private var gApplication: UnsafeMutablePointer<GApplication> { UnsafeMutablePointer(gpointer: application.gpointer) }

    /// An application that also opens files (`places FILE`, a file manager's "Open With").
    /// GTK is told not to set the C locale when it starts: Places has set it (`Localization.start`),
    /// keeping C's number formatting, which GTK would change to the person's.
    init(id: String) {
        gtk_disable_setlocale()
        application = UnsafeMutablePointer(gpointer: adw_application_new(id, G_APPLICATION_HANDLES_OPEN).gpointer)
    }

    /// Runs `action` once GTK and libadwaita have started up, before the application is activated or
    /// asked to open anything (and only in the first instance).
    func onStartup(_ action: @escaping @MainActor () -> Void) {
        application.connect(Signals.applicationStartup, action)
    }

    /// Runs `action` when the application starts (or is started again) without files.
    func onActivate(_ action: @escaping @MainActor () -> Void) {
        application.connect(Signals.applicationActivate, action)
    }

    /// Runs `action` with what the application is asked to open, from its own command line or from a
    /// second `places FILE` that handed them over before exiting: the local paths of files, and the
    /// URIs of the rest (a `geo:` link, a web map link), which have no path.
    func onOpen(_ action: @escaping @MainActor (_ paths: [String], _ links: [String]) -> Void) {
        application.connect(Signals.applicationOpen) { files in
            var paths: [String] = [], links: [String] = []
            for file in files {
                if let path = takeFileName(g_file_get_path(file)) {
                    paths.append(path)
                } else if let uri = g_file_get_uri(file) {
                    links.append(String(cString: uri))
                    g_free(uri)
                }
            }
            action(paths, links)
        }
    }

    /// Runs the main loop with `arguments` (program name first) until the last window closes.
    func run(_ arguments: [String]) -> Int32 {
        // Files by their real bytes (`FileName`), which need not be UTF-8.
        let copies = arguments.map { FileName.withCString($0) { strdup($0) } } + [nil]
        defer { copies.forEach { free($0) } }
        var argv = copies
        return argv.withUnsafeMutableBufferPointer { buffer in
            g_application_run(gApplication, Int32(arguments.count), buffer.baseAddress)
        }
    }

    /// Ends the main loop now, even with windows open or work held.
    func quit() { g_application_quit(gApplication) }

    /// Closes every window of the application; it ends once nothing holds it (`hold()`).
    func closeWindows() {
        var windows: [UnsafeMutablePointer<GtkWindow>] = []
        var node = gtk_application_get_windows(application)
        while let current = node {
            windows.append(UnsafeMutablePointer(gpointer: current.pointee.data))
            node = current.pointee.next
        }
        windows.forEach(gtk_window_close)
    }

    /// Keeps the application running without a window until `release()` (unsaved work, say).
    func hold() { g_application_hold(gApplication) }

    func release() { g_application_release(gApplication) }

    /// Binds keyboard accelerators (`"<Control>q"`) to a detailed action name (`"win.quit"`).
    func setAccelerators(_ accelerators: [String], for action: String) {
        withCStringArray(accelerators) { gtk_application_set_accels_for_action(application, action, $0) }
    }
}

/// A `GSimpleAction` without a parameter: what menu items and accelerators activate.
@MainActor
struct SimpleAction {
    let action: OpaquePointer
    private let simple: OpaquePointer

    init(name: String, _ activate: @escaping @MainActor () -> Void) {
        simple = g_simple_action_new(name, nil)!
        simple.connect(Signals.actionActivate) { _ in activate() }
        action = simple.cast(g_action_get_type())
    }

    /// An action whose state is one of several strings, starting at `state`: menu items naming it with
    /// a target (`win.NAME::VALUE`) show as radio items. Choosing one calls `change` with its value;
    /// the state moves only with `setState`, so it always shows what was made of the choice.
    init(name: String, state: String, _ change: @escaping @MainActor (String) -> Void) {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        simple = g_simple_action_new_stateful(name, type, g_variant_new_string(state))!
        simple.connect(Signals.changeState) { value in
            guard let value else { return }
            change(String(cString: g_variant_get_string(OpaquePointer(value), nil)))
        }
        action = simple.cast(g_action_get_type())
    }

    func setState(_ state: String) {
        g_simple_action_set_state(simple, g_variant_new_string(state))
    }
}
