import CGtk
import PlacesCore

/// Says where the library is kept and offers to keep it elsewhere: a folder the person chooses (one
/// a sync engine carries to their other computers), or the standard folder again.
@MainActor
struct LibraryFolderDialog {
    /// The folder the library is kept in; nil: the standard one.
    var current: String?

    /// Shows the dialog over `parent`; `done` gets the folder chosen, nil for the standard one.
    func present(over parent: Window, _ done: @escaping @MainActor (String?) -> Void) {
        let widget = adw_message_dialog_new(parent.widget.cast(gtk_window_get_type()), tr("Library Folder"), nil)!
        let dialog: UnsafeMutablePointer<AdwMessageDialog> = widget.cast(adw_message_dialog_get_type())
        let place = current.map { tr("Your own places, favourites, collections and the list of files you imported are kept in {folder}.", ["folder": $0]) }
            ?? tr("Your own places, favourites, collections and the list of files you imported are kept in the standard folder on this computer.")
        let body = place + "\n\n" + tr("To have them on all your computers, choose a folder that Syncthing or Nextcloud keeps in step, and the same folder in Places on each computer. Each computer writes only files of its own there; what you change on each is merged, and nothing is lost.")
        adw_message_dialog_set_body(dialog, body)
        adw_message_dialog_add_response(dialog, "cancel", tr("_Cancel"))
        adw_message_dialog_set_close_response(dialog, "cancel")
        if current != nil { adw_message_dialog_add_response(dialog, "standard", tr("Use the _Standard Folder")) }
        adw_message_dialog_add_response(dialog, "choose", tr("_Choose Folder…"))
        adw_message_dialog_set_response_appearance(dialog, "choose", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(dialog, "choose")
        widget.connect(Signals.messageResponse) { response in
            switch response.map({ String(cString: $0.assumingMemoryBound(to: CChar.self)) }) {
            case "standard": done(nil)
            case "choose":
                FileChooser.selectFolder(title: tr("Keep the Library In"), accept: tr("_Keep It Here"), current: current, over: parent) { done($0) }
            default: break
            }
        }
        gtk_window_present(widget.cast(gtk_window_get_type()))
    }
}
