@testable import PlacesCore
import PlacesTestingSupport
import Testing

/// The app's preferences come back at launch and are written after each change, off the main thread;
/// a file that could not be read is never replaced.
@MainActor
@Suite("Settings keeper")
struct SettingsKeeperTests {
    /// A store whose file exists but cannot be read.
    private final class UnreadableStore: SettingsStore {
        func load() throws -> Loaded<Settings> { throw TestFailure(description: "Your style choice could not be read.") }
        func save(_ settings: Settings) throws { Issue.record("an unreadable file was replaced") }
    }

    @Test("the saved style comes back at launch without being written again; a new choice is written")
    func restoreAndWrite() async {
        let store = InMemorySettingsStore(Settings(style: .dark))
        let saves = SaveQueue()
        let model = SettingsModel()
        let keeper = SettingsKeeper(model: model, store: store, saves: saves)
        let style = StyleViewModel(settings: model)
        #expect(style.state.latest == .system)

        #expect(await keeper.restore() == nil)
        #expect(style.state.latest == .dark)

        style.send(.choose(.light))
        await saves.finished()
        #expect(store.settings == Settings(style: .light))
        #expect(style.state.latest == .light)
    }

    @Test("a file that cannot be read is told at launch and never replaced; the choice lasts until Places quits")
    func unreadable() async {
        let saves = SaveQueue()
        let model = SettingsModel()
        let keeper = SettingsKeeper(model: model, store: UnreadableStore(), saves: saves)
        #expect(await keeper.restore() == "Your style choice could not be read.")
        model.setStyle(.dark)
        await saves.finished()
        #expect(model.settings.style == .dark)
    }
}
