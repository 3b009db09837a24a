import PlacesCore

/// A fake window: records every call the coordinator makes, in order, and how deeply calls nest.
@MainActor
final class RecordingShell: Shell {
    enum Call: Equatable, CustomStringConvertible {
        case show(Screen)
        case error(String)
        case notice(String)
        case focusSearch
        case chooseFiles
        case chooseDestination(SectionExport)
        case chooseBackupDestination(String)
        case chooseBackup
        case chooseLibraryFolder(current: String?)
        case shortcuts, about, quit
        case openLink(String)
        case copy(String)
        case withdrawNotice

        var description: String {
            switch self {
            case .show(let screen): "show(\(screen.tab)\(screen.showsCard ? ", card" : "")\(screen.editor != nil ? ", editor" : ""))"
            case .error(let message): "error(\(message))"
            case .notice(let message): "notice(\(message))"
            case .focusSearch: "focusSearch"
            case .chooseFiles: "chooseFiles"
            case .chooseDestination(let export): "chooseDestination(\(export.title))"
            case .chooseBackupDestination(let name): "chooseBackupDestination(\(name))"
            case .chooseBackup: "chooseBackup"
            case .chooseLibraryFolder(let current): "chooseLibraryFolder(\(current ?? "standard"))"
            case .shortcuts: "shortcuts"
            case .about: "about"
            case .quit: "quit"
            case .openLink(let link): "openLink(\(link))"
            case .copy(let text): "copy(\(text))"
            case .withdrawNotice: "withdrawNotice"
            }
        }
    }

    private(set) var calls: [Call] = []
    /// How many shell calls are running right now.
    private(set) var depth = 0
    /// The deepest nesting seen: 1 means no call ever ran inside another.
    private(set) var maximumDepth = 0
    /// The screen shown last (nil before the first).
    private(set) var screen: Screen?

    /// Runs inside `show(_:)`, after the call is recorded (to make re-entrant requests).
    var onShow: ((Screen) -> Void)?
    /// Every notice shown, with its button.
    private(set) var shownNotices: [Notice] = []
    /// The details the person asked for from a notice.
    private(set) var shownDetails: [NoticeDetails] = []
    /// What the file chooser answers (nil: the person cancels).
    var filesToImport: [String]?
    /// What the save dialog answers (nil: the person cancels).
    var destination: String?

    /// The card's view-model, told the tab it is shown on, as the window's card view tells it.
    weak var card: PlaceCardViewModel?

    func show(_ screen: Screen) {
        card?.send(.shownOn(screen.tab))
        let wasShowingCard = self.screen?.showsCard ?? false
        enter(.show(screen))
        self.screen = screen
        if screen.showsCard && !wasShowingCard { revealCount += 1 }
        if !screen.showsCard && wasShowingCard { hideCount += 1 }
        onShow?(screen)
        leave()
    }

    func showError(_ message: String) { record(.error(message)) }
    func showNotice(_ notice: Notice) {
        record(.notice(notice.message))
        shownNotices.append(notice)
        noticeUp = notice
        if notice.action == .undo { undoOffers.append(notice.message) }
    }
    func withdrawNotice() {
        record(.withdrawNotice)
        noticeUp = nil
    }
    func showDetails(_ details: NoticeDetails) { shownDetails.append(details) }
    func openLink(_ link: String) { record(.openLink(link)) }

    func copyToClipboard(_ text: String) { record(.copy(text)) }

    /// What the name question answers (nil: the person cancels).
    var nameToGive: String?
    private(set) var questions: [NameQuestion] = []

    func askForName(_ question: NameQuestion, _ done: @escaping @MainActor (String) -> Void) {
        questions.append(question)
        if let nameToGive { done(nameToGive) }
    }
    func focusSearch() { record(.focusSearch) }
    func showShortcuts() { record(.shortcuts) }
    func showAbout() { record(.about) }
    func quit() { record(.quit) }

    func chooseFilesToImport(_ done: @escaping @MainActor ([String]) -> Void) {
        record(.chooseFiles)
        if let filesToImport { done(filesToImport) }
    }

    func chooseMapFiles(_ done: @escaping @MainActor ([String]) -> Void) {
        record(.chooseFiles)
        if let filesToImport { done(filesToImport) }
    }

    /// The format the save dialog is answered with (nil: the one it offered).
    var formatToChoose: ExportFormat?
    /// The formats the save dialog offered first, in order.
    private(set) var offeredFormats: [ExportFormat] = []

    func chooseDestination(for export: SectionExport, format: ExportFormat, _ done: @escaping @MainActor (String, ExportFormat) -> Void) {
        record(.chooseDestination(export))
        offeredFormats.append(format)
        if let destination { done(destination, formatToChoose ?? format) }
    }

    func chooseBackupDestination(fileName: String, _ done: @escaping @MainActor (String) -> Void) {
        record(.chooseBackupDestination(fileName))
        if let destination { done(destination) }
    }

    /// What the open dialog answers for a backup to restore (nil: the person cancels).
    var backupToRestore: String?

    func chooseBackupToRestore(_ done: @escaping @MainActor (String) -> Void) {
        record(.chooseBackup)
        if let backupToRestore { done(backupToRestore) }
    }

    /// The answer to the library folder's question: a folder's path, or nil for the standard one
    /// (an unset answer: the person cancels).
    var libraryFolderAnswer: String??

    func chooseLibraryFolder(current: String?, _ done: @escaping @MainActor (String?) -> Void) {
        record(.chooseLibraryFolder(current: current))
        if let libraryFolderAnswer { done(libraryFolderAnswer) }
    }

    /// The notices that came with an Undo button.
    private(set) var undoOffers: [String] = []
    /// The notice on screen, as a window shows one at a time (nil once withdrawn).
    private(set) var noticeUp: Notice?
    /// How many times the card went from hidden to shown, and back.
    private(set) var revealCount = 0
    private(set) var hideCount = 0
    var isShowingCard: Bool { screen?.showsCard ?? false }
    var tab: Tab? { screen?.tab }
    var errors: [String] { calls.compactMap { if case .error(let message) = $0 { message } else { nil } } }
    var notices: [String] { calls.compactMap { if case .notice(let message) = $0 { message } else { nil } } }
    var screens: [Screen] { calls.compactMap { if case .show(let screen) = $0 { screen } else { nil } } }
    /// The imports the header bar showed, in order, each change once.
    var activities: [ImportActivity?] {
        screens.map(\.activity).reduce(into: []) { shown, activity in if shown.last != .some(activity) { shown.append(activity) } }
    }

    /// Forgets the calls recorded so far (the screen shown stays).
    func clear() {
        calls.removeAll()
        revealCount = 0
        hideCount = 0
    }

    private func record(_ call: Call) {
        enter(call)
        leave()
    }

    private func enter(_ call: Call) {
        calls.append(call)
        depth += 1
        maximumDepth = max(maximumDepth, depth)
    }

    private func leave() { depth -= 1 }
}

extension Screen {
    /// A screen without the editor: the card up (`showsCard`) or nothing.
    init(tab: Tab, showsCard: Bool) {
        self.init(tab: tab, bottom: showsCard ? .card : .nothing)
    }

    /// Whether the editor is up.
    var showsEditor: Bool { editor != nil }

    static func map(card: Bool = false) -> Screen { Screen(tab: .map, showsCard: card) }
    static func places(card: Bool = false) -> Screen { Screen(tab: .places, showsCard: card) }
    static func profile(card: Bool = false) -> Screen { Screen(tab: .profile, showsCard: card) }
}
