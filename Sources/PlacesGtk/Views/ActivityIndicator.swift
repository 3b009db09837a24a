import CGtk
import Multicast

/// A spinner and a line of text in the title bar while something loads in the background
/// ("Importing trip.geojson…"); hidden otherwise. The window stays usable meanwhile.
@MainActor
final class ActivityIndicator {
    let root: UnsafeMutablePointer<GtkBox>
    private let spinner: OpaquePointer
    private let label = Widget.label(classes: ["dim-label"])
    private var subscription: Subscription?

    init(activity: Publink<String?>) {
        spinner = gtk_spinner_new()!.cast(gtk_spinner_get_type())
        root = Widget.box(vertical: false, spacing: 8, [spinner, label])
        gtk_widget_set_visible(root.widget, 0)
        subscription = activity.subscribe { [weak self] text in self?.show(text) }
    }

    private func show(_ text: String?) {
        gtk_label_set_text(label, text ?? "")
        gtk_widget_set_visible(root.widget, text == nil ? 0 : 1)
        if text == nil { gtk_spinner_stop(spinner) } else { gtk_spinner_start(spinner) }
    }
}
