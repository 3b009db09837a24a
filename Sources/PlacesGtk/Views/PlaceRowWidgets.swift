import CGtk
import PlacesCore

/// The widgets of one recycled list row: a section header or a place (symbol, name, category, distance).
@MainActor
final class PlaceRowWidgets {
    let root: UnsafeMutablePointer<GtkBox>
    private let header = Widget.label(classes: ["heading"])
    private let symbol = Widget.label(xalign: 0.5)
    private let name = Widget.label()
    private let category = Widget.label(classes: ["dim-label", "caption"])
    private let distance = Widget.label(classes: ["dim-label", "numeric"], xalign: 1)
    private let placeBox: UnsafeMutablePointer<GtkBox>

    init() {
        gtk_widget_set_size_request(symbol.widget, 24, -1)
        gtk_label_set_ellipsize(name, PANGO_ELLIPSIZE_END)
        let text = Widget.box(vertical: true, spacing: 2, [name, category])
        gtk_widget_set_hexpand(text.widget, 1)
        placeBox = Widget.box(vertical: false, spacing: 10, [symbol, text, distance])
        Widget.setMargins(placeBox, 6)
        gtk_widget_set_margin_top(header.widget, 14)
        gtk_widget_set_margin_start(header.widget, 6)
        root = Widget.box(vertical: true, spacing: 0, [header, placeBox])
    }

    /// Shows `row`.
    func show(_ row: PlacesListRow) {
        switch row {
        case .header(let title):
            gtk_label_set_text(header, title)
            gtk_widget_set_visible(header.widget, 1)
            gtk_widget_set_visible(placeBox.widget, 0)
            Widget.setAccessibleLabel(root, title)
        case .place(let place):
            gtk_label_set_text(symbol, place.symbol)
            gtk_label_set_text(name, place.name)
            gtk_label_set_text(category, place.category)
            gtk_label_set_text(distance, place.distance ?? "")
            gtk_widget_set_visible(header.widget, 0)
            gtk_widget_set_visible(placeBox.widget, 1)
            let spoken = [place.name, place.category, place.distance].compactMap { $0 }.joined(separator: ", ")
            Widget.setAccessibleLabel(root, spoken)
        }
    }
}
