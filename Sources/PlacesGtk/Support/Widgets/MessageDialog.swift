import CGtk
import PlacesCore

/// libadwaita's `AdwMessageDialog` telling the person something: a heading, a body of plain text
/// (scrollable when long, selectable), Close and optionally one suggested answer.
@MainActor
struct MessageDialog {
    var title: String
    var body: String
    /// The suggested answer's label, with its mnemonic ("_Show Places"); nil: only Close.
    var suggested: String?

    /// Shows the dialog over `parent`; `done` runs when the suggested answer is chosen.
    func present(over parent: Window, _ done: @escaping @MainActor () -> Void = {}) {
        let widget = adw_message_dialog_new(parent.widget.cast(gtk_window_get_type()), title, nil)!
        let dialog: UnsafeMutablePointer<AdwMessageDialog> = widget.cast(adw_message_dialog_get_type())
        adw_message_dialog_add_response(dialog, "close", tr("_Close"))
        adw_message_dialog_set_close_response(dialog, "close")
        if let suggested {
            adw_message_dialog_add_response(dialog, "suggested", suggested)
            adw_message_dialog_set_response_appearance(dialog, "suggested", ADW_RESPONSE_SUGGESTED)
            adw_message_dialog_set_default_response(dialog, "suggested")
        }
        let text = Label(body)
        text.wrap()
        text.isSelectable = true
        // A wrapped label asks for the height of its longest line only: ask for the wrapped lines
        // (about 40 characters each in the dialog's width), then scroll beyond 300 pixels.
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) { $0 + max(1, ($1.count + 39) / 40) }
        let scrolled = ScrolledWindow(text, minimumHeight: Int32(min(300, 20 * lines + 8)), maximumHeight: 300)
        adw_message_dialog_set_extra_child(dialog, scrolled.widget)
        widget.connect(Signals.messageResponse) { response in
            guard let response, String(cString: response.assumingMemoryBound(to: CChar.self)) == "suggested" else { return }
            done()
        }
        gtk_window_present(widget.cast(gtk_window_get_type()))
    }
}
