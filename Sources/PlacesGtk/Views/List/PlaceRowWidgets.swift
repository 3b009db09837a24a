import PlacesCore

/// The widgets of one recycled list row: a place (symbol, name with a star for a favourite, kind,
/// distance) or a section header (`SectionHeaderWidgets`, made when the row first shows one).
@MainActor
final class PlaceRowWidgets {
    let root: Box
    private let symbol = Label(xalign: 0.5)
    private let name = Label()
    private let star = Label("★", classes: ["favourite-star"])
    private let category = Label(classes: ["dim-label", "caption"])
    private let distance = Label(classes: ["dim-label", "numeric"], xalign: 1)
    private let placeBox: Box
    private var header: SectionHeaderWidgets?
    private let send: @MainActor (PlacesListViewModel.Input) -> Void

    init(send: @escaping @MainActor (PlacesListViewModel.Input) -> Void) {
        self.send = send
        symbol.setSizeRequest(width: 24)
        symbol.hideFromScreenReaders()
        name.ellipsize()
        category.ellipsize()
        star.tooltip = tr("Favourite")
        let text = Box(.vertical, spacing: 2, [Box(.horizontal, spacing: 6, [name, star]), category])
        text.expand(horizontally: true)
        placeBox = Box(.horizontal, spacing: 10, [symbol, text, distance])
        placeBox.setMargins(6)
        root = Box(.vertical, [placeBox])
    }

    func show(_ row: PlacesListRow) {
        switch row {
        case .header(let section):
            let header = header ?? makeHeader()
            header.show(section)
            header.root.isVisible = true
            placeBox.isVisible = false
            root.setAccessibleLabel(section.title)
        case .place(let place):
            symbol.text = place.symbol
            name.text = place.name
            star.isVisible = place.isFavourite
            category.text = place.category
            distance.text = place.distance ?? ""
            header?.root.isVisible = false
            placeBox.isVisible = true
            root.setAccessibleLabel([place.name, place.category, place.isFavourite ? tr("favourite") : nil, place.distance]
                .compactMap { $0 }.joined(separator: ", "))
        }
    }

    private func makeHeader() -> SectionHeaderWidgets {
        let made = SectionHeaderWidgets(send: send)
        root.prepend(made.root)
        header = made
        return made
    }
}
