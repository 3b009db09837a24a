import CGtk
import Foundation
import PlacesCore

/// The application's actions and their keyboard accelerators: import, export favourites, about, quit.
@MainActor
enum AppActions {
    static func install(on application: UnsafeMutablePointer<GtkApplication>, host: PlacesApplication) {
        add("quit", to: application, accels: ["<Control>q"]) {
            g_application_quit(application.cast(g_application_get_type()))
        }
        add("import", to: application, accels: ["<Control>o"]) { [weak host] in
            guard let host, let window = host.mainWindow else { return }
            FileDialogs.chooseGeoJSON(parent: window.window) { paths in host.importFiles(paths) }
        }
        add("export-favourites", to: application, accels: ["<Control><Shift>e"]) { [weak host] in
            guard let host, let window = host.mainWindow, let coordinator = host.appCoordinator else { return }
            FileDialogs.chooseExportFile(parent: window.window, title: "Export Favourites", suggestedName: "favourites.geojson") { path in
                coordinator.exportFavourites(to: path)
            }
        }
        add("about", to: application, accels: []) { [weak host] in
            guard let window = host?.mainWindow else { return }
            AboutDialog.present(parent: window.window)
        }
        setAccels(application, "win.show-help-overlay", ["F1", "<Control>question"])
    }

    private static func add(
        _ name: String, to application: UnsafeMutablePointer<GtkApplication>, accels: [String],
        _ body: @escaping @MainActor () -> Void
    ) {
        let action = g_simple_action_new(name, nil)!
        action.connect(Signals.actionActivate) { _ in body() }
        g_action_map_add_action(application.cast(g_action_map_get_type(), as: OpaquePointer.self), action.cast(g_action_get_type(), as: OpaquePointer.self))
        g_object_unref(UnsafeMutableRawPointer(action))
        if !accels.isEmpty { setAccels(application, "app.\(name)", accels) }
    }

    private static func setAccels(_ application: UnsafeMutablePointer<GtkApplication>, _ action: String, _ accels: [String]) {
        let strings = accels.map { strdup($0) } + [nil]
        defer { strings.forEach { free($0) } }
        strings.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { buffer in
            gtk_application_set_accels_for_action(application, action, buffer.baseAddress)
        }
    }
}
