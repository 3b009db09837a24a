import CGtk
import PlacesCore

/// A `GtkWindow`, or the application's `AdwApplicationWindow`.
struct Window: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var window: UnsafeMutablePointer<GtkWindow> { UnsafeMutablePointer(gpointer: widget.gpointer) }

    /// The main window of `application`, which groups its actions under `win.`. It has no title bar of
    /// its own: its content (`setContent`) starts with a `HeaderBar`.
    init(application: Application, title: String, width: Int32, height: Int32) {
        widget = adw_application_window_new(application.application)
        gtk_window_set_title(window, title)
        gtk_window_set_default_size(window, width, height)
    }

    /// Wraps a window GTK already made (checked in debug builds).
    init(adopting pointer: gpointer) {
        widget = UnsafeMutablePointer(gpointer: pointer)
        precondition(widget.isA(gtk_window_get_type()), "\(widget.typeName) is not a window")
    }

    /// The whole of an `AdwApplicationWindow`, title bar included.
    func setContent(_ content: some Widget) {
        adw_application_window_set_content(widget.cast(adw_application_window_get_type()), content.widget)
    }
    func present() { gtk_window_present(window) }

    /// Opens `uri` with the desktop's handler for it (a web browser for `https:`); returns why it could
    /// not (that no program opens its scheme, or GIO's words), or nil once the handler has started
    /// (`gtk_show_uri` only logged a failure).
    /// The handler gets the environment Places was started with, not the variables it set for its own
    /// GTK (`RendererChoice.ownVariables`; `gtk_show_uri` passed those on).
    func showURI(_ uri: String) async -> String? {
        // With no program for the link's scheme, GIO says only "Operation not supported".
        if let parsed = g_uri_parse_scheme(uri) {
            let scheme = String(cString: parsed)
            g_free(parsed)
            guard let handler = g_app_info_get_default_for_uri_scheme(scheme) else {
                return tr("no program on this computer opens {scheme} links", ["scheme": scheme + ":"])
            }
            g_object_unref(UnsafeMutableRawPointer(handler))
        }
        guard let display = gtk_widget_get_display(widget), let made = gdk_display_get_app_launch_context(display) else { return nil }
        let context = UnsafeMutablePointer<GAppLaunchContext>(made)
        defer { g_object_unref(context) }
        for (name, was) in RendererChoice.ownVariables.withLock({ $0 }) {
            if let was { g_app_launch_context_setenv(context, name, was) } else { g_app_launch_context_unsetenv(context, name) }
        }
        let launched = await GAsync.call { callback, data in
            g_app_info_launch_default_for_uri_async(uri, context, nil, callback, data)
        } finish: { result, error in
            // A started handler is all there is to give back.
            g_app_info_launch_default_for_uri_finish(result, error) != 0 ? UnsafeMutableRawPointer(bitPattern: 1) : nil
        }
        guard case .failure(let failure) = launched else { return nil }
        return failure.reason
    }

    /// Makes this window float above `parent` and block input to it until closed.
    func setModal(over parent: Window) {
        gtk_window_set_transient_for(window, parent.window)
        gtk_window_set_modal(window, 1)
    }

    var title: String { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }

    /// The widget with keyboard focus, if any.
    var focus: AnyWidget? { gtk_window_get_focus(window).map(AnyWidget.init) }

    /// Whether keyboard focus is in a text field (which keeps its own keys, such as Esc).
    var isTyping: Bool { focus?.widget.isA(gtk_editable_get_type()) ?? false }

    /// Adds one of the window's own actions (`win.NAME`); the window keeps it from now on.
    func addAction(_ action: SimpleAction) {
        g_action_map_add_action(widget.cast(g_action_map_get_type()), action.action)
        action.action.unref()
    }
}
