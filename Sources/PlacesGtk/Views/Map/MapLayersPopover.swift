import CGtk
import Multicast
import PlacesCore

/// The map's layer list, behind its Layers button: the Online Tiles preference (off by default;
/// OpenStreetMap or a server of the person's), then each map file with a check button to show or
/// hide it and a button to remove it, and "Open Map File…". Everything chosen goes to the view-model.
/// Its widgets are made the first time the button is pressed, not with the window.
@MainActor
final class MapLayersPopover {
    let button: MenuButton
    private let shown = Shown()

    /// The panel once made, and the state it shows.
    private final class Shown {
        var panel: MapLayersPanel?
        var state: MapLayersState?
    }

    init(viewModel: MapLayersViewModel) {
        button = MenuButton(icon: "view-continuous-symbolic", tooltip: tr("Map Layers"), classes: ["osd"]) { [shown] in
            let panel = MapLayersPanel(viewModel: viewModel)
            if let state = shown.state { panel.show(state) }
            shown.panel = panel
            return Popover(panel.root)
        }
        viewModel.state.subscribe(self) { popover, state in popover.show(state) }
    }

    private func show(_ state: MapLayersState) {
        shown.state = state
        shown.panel?.show(state)
    }
}

/// The inside of the layer list.
@MainActor
final class MapLayersPanel {
    let root: Box
    private let viewModel: MapLayersViewModel
    private let online = CheckButton(label: tr("Online Tiles"))
    private let server = DropDown(name: tr("Tile server"))
    private let address = Entry(placeholder: "https://tile.example.org/{z}/{x}/{y}.png", name: tr("Tile server address"))
    private let problem = Label("", classes: ["error", "caption"])
    private let files = Box(.vertical, spacing: 6)
    private let noFiles = Label(tr("No map files yet. An MBTiles or PMTiles map you open is drawn over the base map."),
                                classes: ["dim-label", "caption"])
    private var shownRows: [MapLayerRow]?

    init(viewModel: MapLayersViewModel) {
        self.viewModel = viewModel
        let heading = Label(tr("Map Layers"), classes: ["heading"])
        let onlineNote = Label(tr("Fetches map tiles from a server. While it is off, Places makes no network request."),
                               classes: ["dim-label", "caption"])
        for label in [onlineNote, noFiles, problem] {
            label.wrap(maximumLines: 4)
            label.limitWidth(characters: 44)
        }
        online.setAccessibleDescription(tr("Fetches map tiles from a server. While it is off, Places makes no network request."))
        server.setItems(["OpenStreetMap", tr("Custom Server")])
        let open = Button(label: tr("Open _Map File…"))
        open.onClick { [viewModel] in viewModel.send(.openMapFile) }
        let content = Box(.vertical, spacing: 6, [
            heading, online, onlineNote, server, address, problem, Separator(.horizontal), files, noFiles, open,
        ])
        content.setMargins(6)
        content.setSizeRequest(width: 300)
        root = content
        online.onToggle { [weak self] isOn in self?.apply(enabled: isOn) }
        server.onSelect { [weak self] choice in
            guard let self else { return }
            address.isVisible = choice == 1
            if choice == 0 { apply(enabled: online.isActive, template: OnlineTiles.openStreetMap) } else { _ = address.grabFocus() }
        }
        address.onActivate { [weak self] in self?.apply(enabled: true) }
    }

    func show(_ state: MapLayersState) {
        online.isActive = state.online.isEnabled
        let isCustom = !state.online.isOpenStreetMap || server.selected == 1
        server.selected = isCustom ? 1 : 0
        address.isVisible = isCustom
        if !state.online.isOpenStreetMap, !address.hasFocus { address.text = state.online.template }
        problem.show(state.onlineProblem)
        let rows = state.rows.filter { $0.id != .online }
        noFiles.isVisible = rows.isEmpty
        guard rows != shownRows else { return }
        shownRows = rows
        files.removeAll()
        for row in rows { files.append(Self.row(row, viewModel: viewModel)) }
    }

    /// Turns online tiles on or off with the chosen server (the address typed, for a custom one).
    private func apply(enabled: Bool, template: String? = nil) {
        let template = template ?? (server.selected == 1 ? address.text : OnlineTiles.openStreetMap)
        viewModel.send(.setOnline(isEnabled: enabled, template: template))
    }

    private static func row(_ row: MapLayerRow, viewModel: MapLayersViewModel) -> Box {
        let check = CheckButton(label: row.title)
        check.isActive = row.isVisible
        check.isSensitive = row.isAvailable
        check.setAccessibleLabel(row.spokenName)
        check.onToggle { isOn in viewModel.send(.setVisible(row.id, isOn)) }
        check.expand(horizontally: true)
        let remove = Button(icon: "user-trash-symbolic", tooltip: tr("Remove “{name}”", ["name": row.title]), classes: ["flat"])
        remove.onClick { viewModel.send(.remove(row.id)) }
        let subtitle = Label(row.subtitle, classes: row.isAvailable ? ["dim-label", "caption"] : ["error", "caption"])
        subtitle.wrap(maximumLines: 3)
        subtitle.limitWidth(characters: 40)
        subtitle.setMargins(start: 28)
        return Box(.vertical, spacing: 0, [Box(.horizontal, spacing: 6, [check, remove]), subtitle])
    }
}
