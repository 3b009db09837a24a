import Multicast
import PlacesCore

/// The bottom card for the selected place: name, kind, summary, notes, coordinates, distance from home, its file,
/// a favourite toggle, Edit and Delete for the person's own places (Copy to My Places for the others, Add
/// to My Places and Set as Home for a town found), the place's link, What's Here?, a Share menu that
/// copies its position, and a close button. It copies `PlaceCardViewModel`'s state into its widgets.
@MainActor
final class PlaceCard {
    let root: Box
    let title = Label(classes: ["title-2"])
    let summary = Label()
    let notes = Label()
    private let category = Label(classes: ["dim-label"])
    /// The kind's legend symbol, which a screen reader skips: it hears the kind by name.
    private let symbol = Label(classes: ["dim-label"])
    private let coordinate = Label(classes: ["caption", "numeric"])
    private let distance = Label(classes: ["caption"])
    /// What is here: the nearest town, for a point.
    let nearby = Label(classes: ["caption"])
    private let origin = Label(classes: ["caption"])
    private let favourite = ToggleButton(icon: "non-starred-symbolic", tooltip: tr("Add to favourites"), classes: ["flat", "circular"])
    private let close = Button(icon: "window-close-symbolic", tooltip: tr("Close"), classes: ["flat", "circular"])
    private let edit = Button(icon: "document-edit-symbolic", tooltip: tr("Edit"), classes: ["flat", "circular"])
    private let delete = Button(icon: "user-trash-symbolic", tooltip: tr("Delete"), classes: ["flat", "circular"])
    /// "Add" rather than the clipboard's copy icon: it adds the place to My Places.
    let copy = Button(icon: "list-add-symbolic", tooltip: tr("Copy to My Places"), classes: ["flat", "circular"])
    private let link = Button(icon: "web-browser-symbolic", tooltip: tr("Open Link"), classes: ["flat", "circular"])
    private let showOnMap = Button(label: tr("Show on _Map"))
    private let setAsHome = Button(label: tr("Set as _Home"))
    private let whatsHere = Button(icon: "mark-location-symbolic", tooltip: tr("What's Here?"), classes: ["flat", "circular"])
    private let share: MenuButton
    /// The collections menu: a check button per collection, then "New Collection…".
    private let collectionChoices = Box(.vertical, spacing: 2)
    private let collections: MenuButton
    private var shownCollections: [PlaceCardState.Membership] = []
    /// What another computer gave the place, a line each with a button that takes it.
    private let alsoChanged = Box(.vertical, spacing: 4)
    private var shownAlsoChanged: [String] = []
    private let viewModel: PlaceCardViewModel
    /// The id of the place the card shows (it keeps the last one while sliding down).
    private(set) var shownID: Place.ID?

    init(viewModel: PlaceCardViewModel) {
        self.viewModel = viewModel
        let menu = ButtonMenu(above: [collectionChoices])
        menu.add(Button(label: tr("_New Collection…"))) { viewModel.send(.newCollection) }
        collections = MenuButton(icon: "bookmark-new-symbolic", tooltip: tr("Collections"), popover: menu.popover, classes: ["flat", "circular"])
        let shareMenu = ButtonMenu()
        for format in ShareFormat.allCases { shareMenu.add(Button(label: format.title)) { viewModel.send(.share(format)) } }
        share = MenuButton(icon: "send-to-symbolic", tooltip: tr("Share"), popover: shareMenu.popover, classes: ["flat", "circular"])
        summary.wrap(maximumLines: 4)
        notes.wrap(maximumLines: 6)
        notes.isSelectable = true
        coordinate.isSelectable = true
        title.ellipsize()
        category.ellipsize()
        symbol.hideFromScreenReaders()
        distance.ellipsize()
        nearby.wrap(maximumLines: 2)
        origin.ellipsize()
        title.expand(horizontally: true)
        let heading = Box(.horizontal, spacing: 6, [title, favourite, close])
        // The actions get a row of their own, so that the card fits a window 360 pixels wide.
        let actions = Box(.horizontal, spacing: 6, [showOnMap, setAsHome, link, copy, edit, delete, collections, share, whatsHere])
        let facts = Box(.horizontal, spacing: 18, [coordinate, distance, origin])
        let kind = Box(.horizontal, spacing: 8, [symbol, category])
        root = Box(.vertical, spacing: 6, [heading, kind, summary, nearby, notes, alsoChanged, facts, actions], classes: ["place-card"])
        root.setMargins(12)
        root.setAccessibleLabel(tr("Place card"))
        // Shown as the place asks; all shown before the first place, they widened the window past
        // 360 pixels in French.
        for button in [showOnMap, setAsHome, link, edit, delete] { button.isVisible = false }
        close.onClick { viewModel.send(.close) }
        favourite.onToggle { viewModel.send(.toggleFavourite) }
        edit.onClick { viewModel.send(.edit) }
        delete.onClick { viewModel.send(.delete) }
        copy.onClick { viewModel.send(.copyToMine) }
        link.onClick { viewModel.send(.openLink) }
        showOnMap.onClick { viewModel.send(.showOnMap) }
        setAsHome.onClick { viewModel.send(.setAsHome) }
        whatsHere.onClick { viewModel.send(.whatsHere) }
        viewModel.state.subscribe(self) { card, state in card.render(state) }
    }

    /// The card is shown on `tab` (it offers Show on Map off the map).
    func shown(on tab: Tab) {
        viewModel.send(.shownOn(tab))
    }

    /// The name the card shows, as its label has it.
    var shownTitle: String { title.text }

    /// Rebuilds the collection menu's check buttons when the collections or their states change.
    private func showCollections(_ memberships: [PlaceCardState.Membership]) {
        guard memberships != shownCollections else { return }
        shownCollections = memberships
        collectionChoices.removeAll()
        for membership in memberships {
            let check = CheckButton(label: membership.name)
            check.isActive = membership.isMember
            check.onToggle { [viewModel] isMember in viewModel.send(.setMember(membership.id, isMember)) }
            collectionChoices.append(check)
        }
        collectionChoices.isVisible = !memberships.isEmpty
    }

    /// Rebuilds the lines of what another computer gave the place when they change.
    private func showAlsoChanged(_ lines: [String]) {
        guard lines != shownAlsoChanged else { return }
        shownAlsoChanged = lines
        alsoChanged.removeAll()
        for (index, line) in lines.enumerated() {
            let text = Label(line, classes: ["caption"])
            text.wrap(maximumLines: 3)
            text.expand(horizontally: true)
            let take = Button(label: tr("_Use This"))
            take.setAccessibleLabel(tr("Use this: {change}", ["change": line]))
            take.onClick { [viewModel] in viewModel.send(.takeAlternative(index)) }
            let keep = Button(icon: "window-close-symbolic", tooltip: tr("Keep the One Shown"), classes: ["flat", "circular"])
            keep.setAccessibleLabel(tr("Keep the one shown, not: {change}", ["change": line]))
            keep.onClick { [viewModel] in viewModel.send(.keepShown(index)) }
            alsoChanged.append(Box(.horizontal, spacing: 6, [text, take, keep]))
        }
        alsoChanged.isVisible = !lines.isEmpty
    }

    private func render(_ state: PlaceCardState?) {
        guard let state else { return }  // the revealer hides the card; keep the last text for the slide-down
        shownID = state.id
        title.text = state.title
        symbol.text = state.symbol
        category.text = state.category
        summary.show(state.summary.isEmpty ? nil : state.summary)
        notes.show(state.notes.isEmpty ? nil : state.notes)
        edit.isVisible = state.isOwn
        delete.isVisible = state.isOwn
        copy.isVisible = state.isPlace && !state.isOwn
        let copyLabel = state.isFound ? tr("Add to My Places") : tr("Copy to My Places")
        copy.tooltip = copyLabel
        copy.setAccessibleLabel(copyLabel)
        setAsHome.isVisible = state.offersSetAsHome
        whatsHere.isVisible = !state.isFound && state.isPlace
        nearby.show(state.nearby)
        favourite.isVisible = state.isPlace
        collections.isVisible = state.isPlace
        link.isVisible = !state.link.isEmpty
        showOnMap.isVisible = state.offersShowOnMap
        link.tooltip = state.link.isEmpty ? nil : tr("Open {link}", ["link": state.link.clipped(to: 80)])
        showCollections(state.collections)
        showAlsoChanged(state.alsoChanged)
        coordinate.text = state.coordinate
        distance.show(state.distance)
        origin.show(state.origin)
        favourite.isActive = state.isFavourite
        favourite.iconName = state.isFavourite ? "starred-symbolic" : "non-starred-symbolic"
        let label = state.isFavourite ? tr("Remove from favourites") : tr("Add to favourites")
        favourite.tooltip = label
        favourite.setAccessibleLabel(label)
    }
}
