import PlacesCore

/// A list row's section header: its title, export and remove buttons, and a menu to show the section
/// alone on the map and, for a collection, rename or delete it. Made the first time its row shows a
/// header (most rows never do): GtkListView makes and drops up to 200 rows whenever a search changes
/// how many it has, and these widgets were two thirds of a row's.
@MainActor
final class SectionHeaderWidgets {
    let root: Box
    private let title = Label(classes: ["heading"])
    private let remove = Button(icon: "user-trash-symbolic", tooltip: tr("Remove this file's places"), classes: ["flat"])
    private let export = Button(icon: "document-save-symbolic", tooltip: tr("Export as GeoJSON, GPX or KML…"), classes: ["flat"])
    private let more: MenuButton
    private let rename = Button(label: tr("_Rename…"))
    private let deleteCollection = Button(label: tr("_Delete Collection"))
    /// The section shown now, which the buttons act on.
    private var section: SectionHeader?

    init(send: @escaping @MainActor (PlacesListViewModel.Input) -> Void) {
        title.ellipsize()
        title.expand(horizontally: true)
        let menu = ButtonMenu()
        more = MenuButton(icon: "view-more-symbolic", tooltip: tr("More"), popover: menu.popover, classes: ["flat"])
        root = Box(.horizontal, spacing: 6, [title, export, remove, more])
        root.setMargins(top: 14, start: 6)
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

    func show(_ section: SectionHeader) {
        self.section = section
        title.text = section.title
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
    }
}
