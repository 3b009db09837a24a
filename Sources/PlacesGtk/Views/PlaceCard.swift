import CGtk
import Multicast
import PlacesCore

/// The bottom card for the selected place: title, category, summary, coordinates, distance from home,
/// a favourite toggle and a close button. It only copies `PlaceCardViewModel` state into labels.
@MainActor
final class PlaceCard {
    let root: UnsafeMutablePointer<GtkBox>
    private let viewModel: PlaceCardViewModel
    let title = Widget.label(classes: ["title-2"])
    private let category = Widget.label(classes: ["dim-label"])
    let summary = Widget.label()
    private let coordinate = Widget.label(classes: ["caption", "numeric"])
    private let distance = Widget.label(classes: ["caption"])
    private let favourite: UnsafeMutablePointer<GtkToggleButton>
    private let close = Widget.iconButton("window-close-symbolic", tooltip: "Close", classes: ["flat", "circular"])
    private var subscription: Subscription?
    private var isUpdating = false

    init(viewModel: PlaceCardViewModel) {
        self.viewModel = viewModel
        favourite = gtk_toggle_button_new()!.cast(gtk_toggle_button_get_type())
        gtk_button_set_icon_name(favourite.cast(gtk_button_get_type()), "non-starred-symbolic")
        gtk_widget_set_tooltip_text(favourite.widget, "Favourite")
        Widget.setAccessibleLabel(favourite, "Favourite")
        Widget.addClasses(favourite, ["flat", "circular"])
        gtk_label_set_wrap(summary, 1)
        gtk_label_set_wrap_mode(summary, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_selectable(coordinate, 1)
        gtk_label_set_ellipsize(title, PANGO_ELLIPSIZE_END)
        gtk_widget_set_hexpand(title.widget, 1)

        let heading = Widget.box(vertical: false, spacing: 6, [title, favourite, close])
        let facts = Widget.box(vertical: false, spacing: 18, [coordinate, distance])
        root = Widget.box(vertical: true, spacing: 6, [heading, category, summary, facts], classes: ["place-card"])
        Widget.setMargins(root, 12)
        Widget.setAccessibleLabel(root, "Place card")

        close.connect(Signals.clicked) { [weak self] in self?.viewModel.close() }
        favourite.connect(Signals.toggled) { [weak self] in
            guard let self, !self.isUpdating else { return }
            self.viewModel.toggleFavourite()
        }
        subscription = viewModel.state.subscribe { [weak self] state in self?.render(state) }
    }

    private func render(_ state: PlaceCardState?) {
        guard let state else { return }  // the revealer hides the card; keep the last text for the slide-down
        gtk_label_set_text(title, state.title)
        gtk_label_set_text(category, "\(state.symbol)  \(state.category)")
        gtk_label_set_text(summary, state.summary)
        gtk_widget_set_visible(summary.widget, state.summary.isEmpty ? 0 : 1)
        gtk_label_set_text(coordinate, state.coordinate)
        gtk_label_set_text(distance, state.distance ?? "")
        gtk_widget_set_visible(distance.widget, state.distance == nil ? 0 : 1)
        isUpdating = true
        gtk_toggle_button_set_active(favourite, state.isFavourite ? 1 : 0)
        isUpdating = false
        gtk_button_set_icon_name(favourite.cast(gtk_button_get_type()), state.isFavourite ? "starred-symbolic" : "non-starred-symbolic")
        let label = state.isFavourite ? "Remove from favourites" : "Add to favourites"
        gtk_widget_set_tooltip_text(favourite.widget, label)
        Widget.setAccessibleLabel(favourite, label)
    }
}
