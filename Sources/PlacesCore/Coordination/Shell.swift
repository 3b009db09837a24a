/// What the coordinator asks of the window. The GTK `MainWindow` implements it; tests use a recording fake.
@MainActor
public protocol Shell: AnyObject {
    /// Shows `screen`: its tab, the card or the editor slid up or down, the import under way.
    func show(_ screen: Screen)
    /// Tells the person something went wrong, in words they can act on; it stays until dismissed.
    func showError(_ message: String)
    /// Tells the person that something they did is done ("Profile saved"), in place of the notice up:
    /// one without a button goes away by itself; one with a button (its action sends
    /// `AppRequest.noticeAction`) stays until replaced or withdrawn.
    func showNotice(_ notice: Notice)
    /// Takes the notice up away: its button no longer applies.
    func withdrawNotice()
    /// Shows the details behind a notice until the person closes them; "Show Places" (offered when
    /// `details.section` is set) sends `AppRequest.noticeAction(.show(section))`.
    func showDetails(_ details: NoticeDetails)
    /// Opens `link` (a web address) with the desktop's handler.
    func openLink(_ link: String)
    /// Puts `text` on the clipboard.
    func copyToClipboard(_ text: String)
    /// Asks the person for a name (a collection's); `done` gets it (not called when they cancel).
    func askForName(_ question: NameQuestion, _ done: @escaping @MainActor (String) -> Void)
    /// Puts the keyboard in the places search field.
    func focusSearch()
    /// Asks which files to import; `done` gets their paths (not called when the person cancels).
    func chooseFilesToImport(_ done: @escaping @MainActor ([String]) -> Void)
    /// Asks which map files (MBTiles, PMTiles) to open; `done` gets their paths (not called when the person cancels).
    func chooseMapFiles(_ done: @escaping @MainActor ([String]) -> Void)
    /// Asks where to save `export` and in which format, `format` chosen to begin with; `done` gets the
    /// path and the format (not called when the person cancels).
    func chooseDestination(for export: SectionExport, format: ExportFormat, _ done: @escaping @MainActor (String, ExportFormat) -> Void)
    /// Asks where to save a backup of every place, suggesting `fileName`; `done` gets the path (not
    /// called when the person cancels).
    func chooseBackupDestination(fileName: String, _ done: @escaping @MainActor (String) -> Void)
    /// Asks which backup to restore; `done` gets its path (not called when the person cancels).
    func chooseBackupToRestore(_ done: @escaping @MainActor (String) -> Void)
    /// Says where the library is kept (`current`, nil: the standard folder) and asks for another
    /// folder, or the standard one; `done` gets the folder's path, nil for the standard one (not
    /// called when the person cancels).
    func chooseLibraryFolder(current: String?, _ done: @escaping @MainActor (String?) -> Void)
    func showShortcuts()
    func showAbout()
    func quit()
}
