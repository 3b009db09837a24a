// The start-up baseline for gui-bench: GTK's hello world (a GtkApplication with default flags, so unique
// on the session bus like Places) and one window the size of Places's, showing nothing but an
// empty drawing area. On its first draw it prints the CLOCK_MONOTONIC time in milliseconds and quits,
// exactly when Places reports its own first frame with places.
import CGtk
import Foundation
import PlacesGtk

@MainActor
enum BareWindow {
    static let application = gtk_application_new("io.github.swiftplaces.BareWindow", G_APPLICATION_DEFAULT_FLAGS)!

    static func activate() {
        let window = gtk_application_window_new(application)!
        let typed: UnsafeMutablePointer<GtkWindow> = window.cast(gtk_window_get_type())
        gtk_window_set_title(typed, "Bare window")
        gtk_window_set_default_size(typed, 1100, 750)
        let area: UnsafeMutablePointer<GtkDrawingArea> = gtk_drawing_area_new()!.cast(gtk_drawing_area_get_type())
        WidgetCallbacks.setDrawFunction(area) { _, _, _ in
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            print(String(format: "first-frame %.3f", Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6))
            fflush(nil)
            g_application_quit(application.cast(g_application_get_type()))
        }
        gtk_window_set_child(typed, area.widget)
        gtk_window_present(typed)
    }
}

BareWindow.application.connect(Signals.applicationActivate) { BareWindow.activate() }
exit(g_application_run(BareWindow.application.cast(g_application_get_type()), 0, nil))
