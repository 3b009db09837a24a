/// What the coordinator asks of the window. The GTK `MainWindow` implements it; tests use a recording fake.
@MainActor
public protocol Shell: AnyObject {
    /// Shows `tab` in the notebook.
    func show(tab: Tab)
    /// Slides the place card up for `place`.
    func revealCard(_ place: Place)
    /// Slides the place card down.
    func hideCard()
    /// Tells the person something went wrong, in words they can act on.
    func showError(_ message: String)
}
