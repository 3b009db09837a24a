import CGtk
import Dispatch

/// The icon theme of the default display.
@MainActor
enum IconTheme {
    /// Lets the icon `name` be found in `folder` (as `folder/NAME.svg`) when no installed theme has it:
    /// the app's own icon, when it runs from the source tree.
    ///
    /// Adding a folder throws away the theme GTK has read, and the next icon looked up reads it again
    /// on the main thread (about 10 ms): hence only when the icon is wanted, and only if it is missing.
    static func findIcon(_ name: String, in folder: String) {
        guard let display = gdk_display_get_default() else { return }
        let theme = gtk_icon_theme_get_for_display(display)
        if gtk_icon_theme_has_icon(theme, name) == 0 { gtk_icon_theme_add_search_path(theme, folder) }
    }

    /// Has the theme read on another thread now, so that the window's first icons find it read.
    ///
    /// GTK reads it on a thread of its own when GtkApplication starts up, but libadwaita's start-up
    /// adds its icons' resource path right after, and that throws the reading away: the header bar's
    /// first icon then read the whole theme again, on the main thread, while the window was first
    /// shown. GtkIconTheme allows lookups from other threads once the main thread has set it up, and
    /// reading holds its lock: a lookup on the main thread meanwhile waits for it instead of reading
    /// the theme a second time.
    static func readInBackground() {
        guard let display = gdk_display_get_default() else { return }
        let theme = Theme(pointer: gtk_icon_theme_get_for_display(display))
        g_object_ref(UnsafeMutableRawPointer(theme.pointer))
        DispatchQueue.global(qos: .userInitiated).async {
            _ = gtk_icon_theme_has_icon(theme.pointer, "open-menu-symbolic")
            g_object_unref(UnsafeMutableRawPointer(theme.pointer))
        }
    }

    /// The theme, handed to the reading thread: GtkIconTheme locks itself for what it does there.
    private struct Theme: @unchecked Sendable {
        let pointer: OpaquePointer
    }
}
