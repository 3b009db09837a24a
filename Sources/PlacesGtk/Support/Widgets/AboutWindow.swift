import CGtk

/// libadwaita's About window (`AdwAboutWindow`) for an application.
@MainActor
struct AboutWindow {
    var name: String
    var version: String
    var developer: String
    var comments: String
    var iconName: String
    /// Sections of credits, e.g. ("Data", ["Natural Earth https://www.naturalearthdata.com"]).
    var credits: [(section: String, people: [String])]
    /// What else the application ships and under which terms: (title, copyright, licence).
    var legal: [(title: String, copyright: String, license: GtkLicense)]

    /// Shows the window over `parent`. Its links (the credits' and the licences' pages) open through
    /// `Window.showURI`, not libadwaita's `gtk_show_uri`, which hands the browser the variables Places
    /// set for its own GTK and keeps a failure to itself; `linkFailed` tells of one, over the About
    /// window while it is open, else over `parent`.
    func present(over parent: Window, linkFailed: @escaping @MainActor (_ link: String, _ reason: String, _ over: Window) -> Void) {
        let dialog = adw_about_window_new()!
        let about: OpaquePointer = dialog.cast(adw_about_window_get_type())
        adw_about_window_set_application_name(about, name)
        adw_about_window_set_application_icon(about, iconName)
        adw_about_window_set_version(about, version)
        adw_about_window_set_developer_name(about, developer)
        adw_about_window_set_comments(about, comments)
        adw_about_window_set_license_type(about, GTK_LICENSE_MIT_X11)
        for credit in credits {
            withCStringArray(credit.people) { adw_about_window_add_credit_section(about, credit.section, $0) }
        }
        for section in legal {
            adw_about_window_add_legal_section(about, section.title, section.copyright, section.license, nil)
        }
        let window = Window(adopting: dialog.gpointer)
        dialog.connect(Signals.activateLink) { uri in
            guard let uri else { return false }
            let link = String(cString: uri.assumingMemoryBound(to: CChar.self))
            // Kept until the answer is in: the person may close the window meanwhile.
            let kept = g_object_ref(dialog.gpointer)
            Task {
                defer { g_object_unref(kept) }
                guard let reason = await window.showURI(link) else { return }
                linkFailed(link, reason, window.isVisible ? window : parent)
            }
            return true
        }
        window.setModal(over: parent)
        window.present()
    }
}
