// The start-up baseline for gui-bench: libadwaita's hello world (an AdwApplication with default flags,
// so unique on the session bus like Places, and libadwaita's stylesheet loaded) and one
// AdwApplicationWindow the size of Places's showing an empty drawing area, written against the C API
// alone. After the first frame it paints it prints the CLOCK_MONOTONIC
// time in milliseconds and quits: the moment Places reports its own first frame with places.
import CGtk
import Foundation

let application = UnsafeMutableRawPointer(adw_application_new("io.github.swiftplaces.BareWindow", G_APPLICATION_DEFAULT_FLAGS)!)
    .assumingMemoryBound(to: GtkApplication.self)

let afterPaint: @convention(c) (gpointer?, gpointer?) -> Void = { _, _ in
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    print(String(format: "first-frame %.3f", Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6))
    fflush(nil)
    g_application_quit(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self))
}

let realize: @convention(c) (gpointer?, gpointer?) -> Void = { window, _ in
    let clock = gtk_widget_get_frame_clock(window?.assumingMemoryBound(to: GtkWidget.self))
    g_signal_connect_data(UnsafeMutableRawPointer(clock), "after-paint", unsafeBitCast(afterPaint, to: GCallback.self), nil, nil, GConnectFlags(0))
}

let activate: @convention(c) (gpointer?, gpointer?) -> Void = { _, _ in
    let widget = adw_application_window_new(application)!
    let window = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkWindow.self)
    gtk_window_set_title(window, "Bare window")
    gtk_window_set_default_size(window, 1100, 750)
    adw_application_window_set_content(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: AdwApplicationWindow.self), gtk_drawing_area_new())
    g_signal_connect_data(UnsafeMutableRawPointer(widget), "realize", unsafeBitCast(realize, to: GCallback.self), nil, nil, GConnectFlags(0))
    gtk_window_present(window)
}

g_signal_connect_data(UnsafeMutableRawPointer(application), "activate", unsafeBitCast(activate, to: GCallback.self), nil, nil, GConnectFlags(0))
exit(g_application_run(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self), 0, nil))
