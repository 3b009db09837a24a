import CGtk

/// GTK's About window for an application.
@MainActor
struct AboutWindow {
    var name: String
    var version: String
    var comments: String
    var iconName: String
    /// Sections of credits, e.g. ("Data", ["Natural Earth (public domain)"]).
    var credits: [(section: String, people: [String])]

    func present(over parent: Window) {
        let dialog = gtk_about_dialog_new()!
        let about: OpaquePointer = dialog.cast(gtk_about_dialog_get_type())
        gtk_about_dialog_set_program_name(about, name)
        gtk_about_dialog_set_logo_icon_name(about, iconName)
        gtk_about_dialog_set_version(about, version)
        gtk_about_dialog_set_comments(about, comments)
        gtk_about_dialog_set_license_type(about, GTK_LICENSE_MIT_X11)
        for credit in credits {
            withCStringArray(credit.people) { gtk_about_dialog_add_credit_section(about, credit.section, $0) }
        }
        let window = Window(adopting: dialog.gpointer)
        window.setModal(over: parent)
        window.present()
    }
}
