import CGtk
import PlacesCore

/// libadwaita's `AdwMessageDialog` asking for a name: a heading, a text field, Cancel and a suggested
/// button that stays insensitive while the field is blank. Enter in the field presses it.
@MainActor
struct NameDialog {
    var title: String
    /// The confirming button's label, with its mnemonic ("_Create").
    var confirm: String
    var initial: String

    /// Shows the dialog over `parent`; `done` gets the name typed (not called on Cancel or Esc).
    func present(over parent: Window, _ done: @escaping @MainActor (String) -> Void) {
        let widget = adw_message_dialog_new(parent.widget.cast(gtk_window_get_type()), title, nil)!
        let dialog: UnsafeMutablePointer<AdwMessageDialog> = widget.cast(adw_message_dialog_get_type())
        adw_message_dialog_add_response(dialog, "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(dialog, "confirm", confirm)
        adw_message_dialog_set_response_appearance(dialog, "confirm", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(dialog, "confirm")
        adw_message_dialog_set_close_response(dialog, "cancel")
        let field = Entry(placeholder: tr("Name"), name: tr("Name"))
        field.text = initial
        field.limitLength(to: 200)
        adw_message_dialog_set_extra_child(dialog, field.widget)
        let setEnabled: @MainActor (String) -> Void = { text in
            adw_message_dialog_set_response_enabled(dialog, "confirm", text.allSatisfy(\.isWhitespace) ? 0 : 1)
        }
        setEnabled(initial)
        field.onEdit(setEnabled)
        // Enter presses the default button, which answers and closes the dialog (emitting the response
        // from the field left the dialog open, and its Create made a second collection).
        field.activatesDefault()
        widget.connect(Signals.messageResponse) { response in
            guard let response, String(cString: response.assumingMemoryBound(to: CChar.self)) == "confirm" else { return }
            done(field.text)
        }
        gtk_window_present(widget.cast(gtk_window_get_type()))
        _ = field.grabFocus()
    }
}
