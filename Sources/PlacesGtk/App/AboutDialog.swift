import CGtk

/// The About window, crediting every data source with its licence.
@MainActor
enum AboutDialog {
    static func present(parent: UnsafeMutablePointer<GtkWidget>) {
        let dialog = gtk_about_dialog_new()!
        let about: OpaquePointer = dialog.cast(gtk_about_dialog_get_type())
        gtk_about_dialog_set_program_name(about, "Places")
        gtk_about_dialog_set_logo_icon_name(about, PlacesApplication.id)
        gtk_about_dialog_set_version(about, PlacesVersion.string)
        gtk_about_dialog_set_comments(about, "Explore places on an offline world map.")
        gtk_about_dialog_set_license_type(about, GTK_LICENSE_MIT_X11)
        let credits = [
            "Natural Earth — land, borders, cities, capitals, research stations (public domain)",
            "airportsdata — international airports (MIT licence)",
        ]
        let strings = credits.map { strdup($0) } + [nil]
        defer { strings.forEach { free($0) } }
        strings.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { buffer in
            gtk_about_dialog_add_credit_section(about, "Data", UnsafeMutablePointer(mutating: buffer.baseAddress))
        }
        let window: UnsafeMutablePointer<GtkWindow> = dialog.cast(gtk_window_get_type())
        gtk_window_set_transient_for(window, parent.cast(gtk_window_get_type()))
        gtk_window_set_modal(window, 1)
        gtk_window_present(window)
    }
}

/// The version shown in About and by `places --version`.
public enum PlacesVersion {
    /// The version.
    public static let string = "0.1.0"
}
