
/// A menu for a `MenuButton` whose items are buttons (they may be hidden, and other widgets, such as
/// check buttons, may sit above them), rather than a menu of actions. Each item closes the menu before
/// it acts, so what it opens (a dialog, the map) gets the keyboard.
@MainActor
struct ButtonMenu {
    let popover: Popover
    private let items = Box(.vertical, spacing: 2)

    /// A menu showing `above` over its items.
    init(above: [any Widget] = []) {
        let content = Box(.vertical, spacing: 6, above + [items])
        content.setMargins(6)
        // Down and Up go through the menu, as in GTK's own menus (GTK's order by position kept the
        // focus on a check button above the items).
        let keys = ShortcutController(reach: .focusedWidget)
        keys.add("Down") { content.moveFocusInside(forward: true) }
        keys.add("Up") { content.moveFocusInside(forward: false) }
        content.add(keys)
        popover = Popover(content)
    }

    /// Adds `item` (drawn flat) at the end; a click closes the menu, then runs `action`.
    func add(_ item: Button, _ action: @escaping @MainActor () -> Void) {
        item.addClass("flat")
        item.onClick { [popover] in
            popover.popDown()
            action()
        }
        items.append(item)
    }
}
