import PlacesCore

/// The widgets of one recycled list row: a section header (title, export and remove buttons, and a menu
/// to show the section alone on the map and, for a collection, rename or delete it) or a place
/// (symbol, name with a star for a favourite, kind, distance). Binding a row sets what its buttons send.
@MainActor
final class PlaceRowWidgets {
    let root: Box
    private let header = Label(classes: ["heading"])
    private let symbol = Label(xalign: 0.5)
    private let name = Label()
    private let star = Label("★", classes: ["favourite-star"])
    private let category = Label(classes: ["dim-label", "caption"])
    private let distance = Label(classes: ["dim-label", "numeric"], xalign: 1)
    private let placeBox: Box
    private let headerBox: Box
    private let remove = Button(icon: "user-trash-symbolic", tooltip: tr("Remove this file's places"), classes: ["flat"])
    private let export = Button(icon: "document-save-symbolic", tooltip: tr("Export as GeoJSON, GPX or KML…"), classes: ["flat"])
    private let more: MenuButton
    private let rename = Button(label: tr("_Rename…"))
    private let deleteCollection = Button(label: tr("_Delete Collection"))
    /// The section whose header the row shows now.
    private var section: SectionHeader?

    init(send: @escaping @MainActor (PlacesListViewModel.Input) -> Void) {
        symbol.setSizeRequest(width: 24)
        symbol.hideFromScreenReaders()
        name.ellipsize()
        category.ellipsize()
        header.ellipsize()
        star.tooltip = tr("Favourite")
        let text = Box(.vertical, spacing: 2, [Box(.horizontal, spacing: 6, [name, star]), category])
        text.expand(horizontally: true)
        placeBox = Box(.horizontal, spacing: 10, [symbol, text, distance])
        placeBox.setMargins(6)
        header.expand(horizontally: true)
        let menu = ButtonMenu()
        more = MenuButton(icon: "view-more-symbolic", tooltip: tr("More"), popover: menu.popover, classes: ["flat"])
        headerBox = Box(.horizontal, spacing: 6, [header, export, remove, more])
        headerBox.setMargins(top: 14, start: 6)
        root = Box(.vertical, [headerBox, placeBox])
        remove.onClick { [weak self] in
            if case .source(let id)? = self?.section?.section { send(.removeSource(id)) }
        }
        export.onClick { [weak self] in
            if let section = self?.section?.section { send(.export(section)) }
        }
        menu.add(Button(label: tr("_Show Alone on Map"))) { [weak self] in
            if let section = self?.section?.section { send(.showAlone(section)) }
        }
        menu.add(rename) { [weak self] in
            if case .collection(let id)? = self?.section?.section { send(.renameCollection(id)) }
        }
        menu.add(deleteCollection) { [weak self] in
            if case .collection(let id)? = self?.section?.section { send(.deleteCollection(id)) }
        }
    }

    func show(_ row: PlacesListRow) {
        switch row {
        case .header(let section):
            self.section = section
            header.text = section.title
            headerBox.isVisible = true
            placeBox.isVisible = false
            remove.isVisible = section.isRemovable
            if section.isRemovable {
                remove.tooltip = tr("Remove {section} and its places", ["section": section.title])
                remove.setAccessibleLabel(tr("Remove {section} and its places", ["section": section.title]))
            }
            export.isVisible = section.offersActions
            more.isVisible = section.offersActions
            export.setAccessibleLabel(tr("Export {section}…", ["section": section.title]))
            more.setAccessibleLabel(tr("More for {section}", ["section": section.title]))
            rename.isVisible = section.isCollection
            deleteCollection.isVisible = section.isCollection
            root.setAccessibleLabel(section.title)
        case .place(let place):
            section = nil
            symbol.text = place.symbol
            name.text = place.name
            star.isVisible = place.isFavourite
            category.text = place.category
            distance.text = place.distance ?? ""
            headerBox.isVisible = false
            placeBox.isVisible = true
            root.setAccessibleLabel([place.name, place.category, place.isFavourite ? tr("favourite") : nil, place.distance]
                .compactMap { $0 }.joined(separator: ", "))
        }
    }
}
