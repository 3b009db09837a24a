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
    private let headerBox: UnsafeMutablePointer<GtkBox>
    private let remove = Widget.iconButton("user-trash-symbolic", tooltip: "Remove this file's places", classes: ["flat"])
    private let export = Widget.iconButton("document-save-symbolic", tooltip: "Export as GeoJSON…", classes: ["flat"])
    /// Runs when the header's remove button is clicked.
    var onRemove: (() -> Void)?
    /// Runs when the header's export button is clicked.
    var onExport: (() -> Void)?

    init() {
        gtk_widget_set_size_request(symbol.widget, 24, -1)
        gtk_label_set_ellipsize(name, PANGO_ELLIPSIZE_END)
        let text = Widget.box(vertical: true, spacing: 2, [name, category])
        gtk_widget_set_hexpand(text.widget, 1)
        placeBox = Widget.box(vertical: false, spacing: 10, [symbol, text, distance])
        Widget.setMargins(placeBox, 6)
        gtk_widget_set_hexpand(header.widget, 1)
        headerBox = Widget.box(vertical: false, spacing: 6, [header, export, remove])
        gtk_widget_set_margin_top(headerBox.widget, 14)
        gtk_widget_set_margin_start(headerBox.widget, 6)
        root = Widget.box(vertical: true, spacing: 0, [headerBox, placeBox])
        remove.connect(Signals.clicked) { [weak self] in self?.onRemove?() }
        export.connect(Signals.clicked) { [weak self] in self?.onExport?() }
    }

    /// Shows `row`; a header of an imported file (`removableSource`) gets a remove button.
    func show(_ row: PlacesListRow, removableSource: String?) {
        switch row {
        case .header(let title):
            gtk_label_set_text(header, title)
            gtk_widget_set_visible(headerBox.widget, 1)
            gtk_widget_set_visible(remove.widget, removableSource == nil ? 0 : 1)
            if let removableSource {
                Widget.setAccessibleLabel(remove, "Remove \(removableSource) and its places")
                gtk_widget_set_tooltip_text(remove.widget, "Remove \(removableSource) and its places")
            }
            Widget.setAccessibleLabel(export, "Export \(title) as GeoJSON")
            gtk_widget_set_visible(placeBox.widget, 0)
            Widget.setAccessibleLabel(root, title)
        case .place(let place):
            gtk_label_set_text(symbol, place.symbol)
            gtk_label_set_text(name, place.name)
            gtk_label_set_text(category, place.category)
            gtk_label_set_text(distance, place.distance ?? "")
            gtk_widget_set_visible(headerBox.widget, 0)
            gtk_widget_set_visible(placeBox.widget, 1)
            let spoken = [place.name, place.category, place.distance].compactMap { $0 }.joined(separator: ", ")
            Widget.setAccessibleLabel(root, spoken)
        }
    }
}
