import PlacesCore

/// The small menu listing places drawn as one marker even at the deepest zoom ("Vienna, Capital",
/// "Café Landtmann, Cafe, from “vienna.gpx”"), pointing at the marker; choosing one opens its card.
@MainActor
final class PlaceChooser {
    private let items = Box(.vertical, spacing: 2)
    private let popover: Popover
    private var shown: MapChooser?
    private var chosen: Place.ID?

    init(on canvas: DrawingArea, choose: @escaping @MainActor (Place.ID?) -> Void) {
        let heading = Label(tr("Places here"), classes: ["heading"])
        heading.setMargins(start: 6)
        let content = Box(.vertical, spacing: 6, [heading, items])
        content.setMargins(6)
        popover = Popover(content, on: canvas)
        content.setAccessibleLabel(tr("Places here"))
        // The choice is made once the menu has closed, so the card that opens gets the keyboard.
        popover.onClosed { [weak self] in
            guard let self else { return }
            let id = self.chosen
            self.chosen = nil
            self.shown = nil
            choose(id)
        }
    }

    /// Opens the menu for `chooser`, or closes it for nil.
    func show(_ chooser: MapChooser?) {
        guard chooser != shown else { return }
        shown = chooser
        guard let chooser else { return popover.popDown() }
        items.removeAll()
        for entry in chooser.entries {
            let label = if let origin = entry.origin {
                tr("{name}, {kind}, {origin}", ["name": entry.name, "kind": entry.kind, "origin": origin])
            } else {
                tr("{name}, {kind}", ["name": entry.name, "kind": entry.kind])
            }
            let button = Button(label: label, mnemonic: false, classes: ["flat"])
            button.onClick { [weak self] in
                self?.chosen = entry.id
                self?.popover.popDown()
            }
            items.append(button)
        }
        if let more = chooser.more {
            let label = Label(more, classes: ["dim-label"])
            label.setMargins(start: 6)
            items.append(label)
        }
        popover.popUp(at: chooser.position)
    }
}
