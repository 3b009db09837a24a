import CGtk
import PlacesCore

/// Builds the window's keyboard shortcuts, main menu and shortcuts window from the one action table,
/// `AppAction`: each action becomes `win.ID`, carried out by the coordinator.
@MainActor
enum WindowActions {
    static func install(in window: Window, application: Application, map: some Widget, coordinator: any AppCoordinating) {
        let anywhere = ShortcutController(reach: .windowAfterFocus)
        let onMap = ShortcutController(reach: .focusedWidget)
        for action in AppAction.allCases {
            let perform: @MainActor () -> Void = { [unowned coordinator] in coordinator.handle(.perform(action)) }
            window.addAction(SimpleAction(name: action.rawValue, perform))
            switch action.reach {
            case .window:
                application.setAccelerators(action.accelerators, for: "win.\(action.rawValue)")
            case .outsideTextFields:
                for accelerator in action.accelerators {
                    anywhere.add(accelerator) {
                        guard !window.isTyping else { return false }
                        perform()
                        return true
                    }
                }
            case .map:
                for accelerator in action.accelerators {
                    onMap.add(accelerator) {
                        perform()
                        return true
                    }
                }
            }
        }
        window.add(anywhere)
        map.add(onMap)
    }

    /// The main menu: the Style choice, then the table's menu sections.
    static var menu: Menu {
        Menu(sections: [StyleSwitcher.menuSection] + AppAction.menu.map { section in section.map { ($0.title, "win.\($0.rawValue)") } })
    }

    /// GTK's shortcuts window listing every action that has keys, by group, and in the map's group the
    /// keyboard path to a place's card (the markers are buttons, visited nearest the centre first).
    static func shortcutsWindow() -> Window? {
        ShortcutsWindow.make(AppAction.Group.allCases.map { group in
            let actions = AppAction.allCases.filter { $0.group == group && !$0.accelerators.isEmpty }.map {
                ShortcutsWindow.Shortcut(accelerators: $0.accelerators.joined(separator: " "), title: $0.title)
            }
            return (group.title, actions + (group == .map ? markerKeys : []))
        })
    }

    private static let markerKeys = [
        ShortcutsWindow.Shortcut(accelerators: "Tab <Shift>Tab", title: tr("Go to the Next or Previous Marker, Nearest the Centre First")),
        ShortcutsWindow.Shortcut(accelerators: "Return space", title: tr("Show the Focused Marker’s Place, or Zoom into a Cluster")),
    ]
}
