
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
