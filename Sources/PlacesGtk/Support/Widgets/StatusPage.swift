import CGtk

/// An `AdwStatusPage`: a large icon, a title and a description, for a page with nothing to show.
struct StatusPage: Widget {
    let widget: UnsafeMutablePointer<GtkWidget>

    init(icon: String, title: String, description: String) {
        widget = adw_status_page_new()
        let page: OpaquePointer = widget.cast(adw_status_page_get_type())
        adw_status_page_set_icon_name(page, icon)
        adw_status_page_set_title(page, title)
        adw_status_page_set_description(page, Markup.escape(description))  // read as markup
    }

    /// Shows `description` (plain text) under the title.
    func setDescription(_ description: String) {
        adw_status_page_set_description(widget.cast(adw_status_page_get_type()), Markup.escape(description))
    }
}
