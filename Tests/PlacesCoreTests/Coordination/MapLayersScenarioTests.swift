import Foundation
@testable import PlacesCore
import PlacesTestingSupport
import Testing

/// Map files and online tiles through the whole app, headless: opened like any file, drawn over the
/// base map, listed, hidden, removed with Undo, remembered across launches; online tiles off until
/// turned on, and a failing layer told once.
@MainActor
@Suite("Map layers")
struct MapLayersScenarioTests {
    static func alps(in folder: TemporaryDirectory, as name: String = "alps.mbtiles") throws -> String {
        try TileArchiveTests.make("make_mbtiles.py", in: folder, as: name)
    }

    @Test("a map file opened like any file is drawn over the base map, glided to, listed and credited")
    func openMapFile() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        // Known by its content: the name says nothing.
        let path = try Self.alps(in: folder, as: "alps.data")
        let scenario = Scenario()
        scenario.map.send(.resized(Scenario.viewport))
        await scenario.coordinator.open([path])
        #expect(scenario.shell.notices == ["Showing the map “Alps test map” (levels 3–5)"])
        #expect(scenario.shell.errors.isEmpty)
        scenario.map.settle()
        let state = try #require(scenario.map.state.latest)
        #expect(state.rasterLayers.map(\.id) == [.file(path)])
        #expect(state.rasterLayers.first.map { ($0.minZoom, $0.maxZoom) }! == (3, 5))
        #expect(state.attributions == ["© Test Map Makers"])
        let rows = try #require(scenario.mapLayers.state.latest?.rows)
        #expect(rows.map(\.title) == ["Alps test map"])
        #expect(rows.first?.subtitle == "Levels 3–5")
        #expect(state.camera.center.longitude > 5 && state.camera.center.longitude < 12, "glided to the Alps: \(state.camera.center)")
        #expect(state.camera.zoom >= 4)
        #expect(scenario.placesModel.sources.count == 1, "no place source was made of it")

        scenario.mapLayers.send(.setVisible(.file(path), false))
        #expect(scenario.map.state.latest?.rasterLayers.isEmpty == true)
        #expect(scenario.map.state.latest?.attributions.isEmpty == true)
        #expect(scenario.mapLayers.state.latest?.rows.first?.isVisible == false)
    }

    @Test("a vector map is named by its schema, glided to down to its streets, and drawn to the deepest level the camera reaches")
    func openVectorMap() async throws {
        let scenario = Scenario()
        scenario.map.send(.resized(Scenario.viewport))
        await scenario.coordinator.open([VectorMapFileTests.openMapTiles])
        #expect(scenario.shell.notices == ["Showing the street map “Central Helsinki” (OpenMapTiles, levels 12–14)"])
        scenario.map.settle()
        let state = try #require(scenario.map.state.latest)
        #expect(state.camera.zoom >= 14.5, "the town's map fills the view: \(state.camera.zoom)")
        #expect(state.rasterLayers.first.map { ($0.minZoom, $0.maxZoom) }! == (12, Int(Camera.maxZoom)))
        #expect(!state.isBeyondDetail, "no \"no more detail\" at street level over a vector map")

        await scenario.coordinator.open([VectorMapFileTests.protomaps])
        #expect(scenario.shell.notices.last == "Showing the street map “Central Helsinki” (Protomaps, levels 12–15)")
    }

    @Test("a vector map of layers Places has no style for is shown plainly, and the message says so")
    func plainVectorMap() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try TileArchiveTests.make("make_mbtiles.py", ["--format", "pbf"], in: folder, as: "contours.mbtiles")
        let scenario = Scenario()
        await scenario.coordinator.open([path])
        #expect(scenario.shell.errors.isEmpty)
        #expect(scenario.shell.notices == ["Showing the map “Alps test map” (levels 3–5) in a plain style: "
                + "Places knows the layers of OpenMapTiles and Protomaps maps, not this one's"])
    }

    @Test("far above a map's levels it is not drawn (the base map shows); beyond its deepest level it still is")
    func zoomRange() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try Self.alps(in: folder)
        let scenario = Scenario()
        scenario.map.send(.resized(Scenario.viewport))
        await scenario.coordinator.open([path])
        scenario.map.send(.show(center: Coordinate(latitude: 46, longitude: 8), zoom: 1))
        #expect(scenario.map.state.latest?.rasterLayers.isEmpty == true)
        scenario.map.send(.show(center: Coordinate(latitude: 46, longitude: 8), zoom: 12))
        #expect(scenario.map.state.latest?.rasterLayers.count == 1)
    }

    @Test("broken map files are reported by name with the reason, and the layers stay as they were", arguments: [
        ("notes.mbtiles", "it is neither an MBTiles nor a PMTiles map"),
        ("empty.mbtiles", "it has no tiles table, where an MBTiles map keeps its tiles"),
        ("webp.mbtiles", "its tiles are webp, and Places draws PNG, JPEG and vector tiles"),
    ])
    func brokenFiles(name: String, reason: String) async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path: String
        switch name {
        case "notes.mbtiles": path = try folder.write("not a map, only some text\n", to: name).path
        case "empty.mbtiles": path = try TileArchiveTests.make("make_mbtiles.py", ["--no-tiles-table"], in: folder, as: name)
        default: path = try TileArchiveTests.make("make_mbtiles.py", ["--format", "webp"], in: folder, as: name)
        }
        let scenario = Scenario()
        await scenario.coordinator.open([path])
        #expect(scenario.shell.errors == ["Could not open the map \(name): \(reason)."])
        #expect(scenario.app.layers.layers.isEmpty)
        #expect(scenario.placesModel.sources.count == 1, "nor was it read as places")
    }

    @Test("a layer removed can be had back from its notice's Undo")
    func removeAndUndo() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try Self.alps(in: folder)
        let scenario = Scenario()
        await scenario.coordinator.open([path])
        scenario.mapLayers.send(.remove(.file(path)))
        #expect(scenario.app.layers.layers.isEmpty)
        let notice = try #require(scenario.shell.shownNotices.last)
        #expect(notice.message == "Map “Alps test map” removed")
        #expect(notice.action?.label == "Undo")
        scenario.coordinator.handle(.noticeAction(try #require(notice.action)))
        #expect(scenario.app.layers.layers.map(\.id) == [.file(path)])
    }

    @Test("the layers, shown or hidden, and the online preference come back at the next launch; a file gone since is listed with why")
    func remembered() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let alps = try Self.alps(in: folder)
        let gone = try Self.alps(in: folder, as: "gone.mbtiles")
        let store = FileMapSettingsStore(folder: folder.url)
        let first = Scenario(mapSettings: store)
        await first.app.restoreMap()
        await first.coordinator.open([alps, gone])
        first.mapLayers.send(.setVisible(.file(alps), false))
        first.mapLayers.send(.setOnline(isEnabled: false, template: "https://tiles.example.org/{z}/{x}/{y}.png"))
        await first.saved()
        try FileManager.default.removeItem(atPath: gone)

        let second = Scenario(mapSettings: FileMapSettingsStore(folder: folder.url))
        await second.app.restoreMap()
        let layers = second.app.layers.layers
        #expect(layers.map(\.id) == [.file(alps), .file(gone)])
        #expect(layers.map(\.isVisible) == [false, true])
        #expect(layers[0].source != nil)
        #expect(layers[1].source == nil)
        #expect(second.mapLayers.state.latest?.rows.last?.isAvailable == false)
        #expect(second.mapLayers.state.latest?.rows.last?.subtitle.contains("does not exist") == true, "\(second.mapLayers.state.latest!.rows)")
        #expect(second.shell.errors.count == 1)
        #expect(second.shell.errors.first?.hasPrefix("The map file \(gone) cannot be shown") == true)
        #expect(second.app.layers.online == OnlineTiles(isEnabled: false, template: "https://tiles.example.org/{z}/{x}/{y}.png"))
    }

    @Test("a map file opened at launch, before the saved layers are read, joins them instead of replacing them")
    func openedBeforeRestore() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let kept = try Self.alps(in: folder, as: "kept.mbtiles"), opened = try Self.alps(in: folder, as: "opened.mbtiles")
        let store = InMemoryMapSettingsStore(MapSettings(files: [MapSettings.File(path: kept, isVisible: true)]))
        let scenario = Scenario(mapSettings: store)
        await scenario.coordinator.open([opened])
        await scenario.saved()
        #expect(store.settings?.files.map(\.path) == [kept], "nothing saved before the saved layers are read")
        await scenario.app.restoreMap()
        await scenario.saved()
        #expect(Set(store.settings?.files.map(\.path) ?? []) == [kept, opened])
    }

    @Test("a damaged settings file is kept aside, and the map starts without layers")
    func damagedSettings() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("{\"version\": 1, \"map\": ", to: "map.json")
        let scenario = Scenario(mapSettings: FileMapSettingsStore(folder: folder.url))
        await scenario.app.restoreMap()
        #expect(scenario.app.layers.layers.isEmpty)
        #expect(scenario.shell.errors.first?.hasPrefix("Your map settings were damaged and have been kept as map.json.damaged-") == true)
    }

    @Test("online tiles are off until turned on: no request is made before; an address that cannot be used is refused with why")
    func onlineOptIn() async throws {
        let server = ScriptedTileServer([ScriptedTileServer.ok()])
        var made: [String] = []
        let scenario = Scenario(onlineTileSource: { template in
            made.append(template.text)
            return OnlineTileSource(template: template, fetcher: server, cache: nil)
        })
        await scenario.app.restoreMap()
        #expect(scenario.app.layers.layers.isEmpty)
        #expect(scenario.mapLayers.state.latest?.online.isEnabled == false)
        #expect(made.isEmpty)

        scenario.mapLayers.send(.setOnline(isEnabled: true, template: "tile.example.org/{z}/{x}/{y}.png"))
        #expect(scenario.mapLayers.state.latest?.onlineProblem == "the address must start with https:// or http://")
        #expect(scenario.app.layers.layers.isEmpty)

        scenario.mapLayers.send(.setOnline(isEnabled: true, template: OnlineTiles.openStreetMap))
        #expect(made == [OnlineTiles.openStreetMap])
        let state = try #require(scenario.map.state.latest)
        #expect(scenario.mapLayers.state.latest?.onlineProblem == nil)
        #expect(state.rasterLayers.map(\.id) == [.online])
        #expect(state.attributions == ["© OpenStreetMap contributors"])
        #expect(scenario.mapLayers.state.latest?.rows.map(\.title) == ["OpenStreetMap"])
        #expect(server.requests.isEmpty, "the view-model asks for no tile: the canvas does, for the tiles in view")

        scenario.mapLayers.send(.setVisible(.online, false))
        #expect(scenario.app.layers.layers.isEmpty)
        #expect(scenario.app.layers.online.isEnabled == false)
    }

    @Test("--tile-url shows a server for one run and leaves the saved preference as it was")
    func tileURLForOneRun() async throws {
        let store = InMemoryMapSettingsStore(MapSettings())
        let scenario = Scenario(mapSettings: store, onlineTileSource: { OnlineTileSource(template: $0, fetcher: ScriptedTileServer([.tooLarge]), cache: nil) })
        scenario.app.useOnlineTiles("http://127.0.0.1:9/{z}/{x}/{y}.png")
        await scenario.app.restoreMap()
        #expect(scenario.app.layers.online.isEnabled)
        #expect(scenario.app.layers.layers.map(\.title) == ["127.0.0.1"])
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        await scenario.coordinator.open([try Self.alps(in: folder)])  // a change that is saved
        await scenario.saved()
        #expect(store.settings?.online == OnlineTiles(), "the saved preference is still off")
        #expect(store.settings?.files.count == 1)
    }

    @Test("a layer whose tiles fail is told once, not once per tile; shown again, it is told again")
    func oneNoticePerLayer() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try Self.alps(in: folder)
        let scenario = Scenario()
        await scenario.coordinator.open([path])
        let before = scenario.shell.notices.count
        for _ in 0..<50 { scenario.mapLayers.send(.tileFailed(.file(path), reason: "a tile could not be decoded")) }
        #expect(scenario.shell.notices.dropFirst(before) == ["Map “Alps test map”: a tile could not be decoded."])
        scenario.mapLayers.send(.setVisible(.file(path), false))
        scenario.mapLayers.send(.tileFailed(.file(path), reason: "a tile could not be decoded"))
        #expect(scenario.shell.notices.count == before + 1, "a hidden layer's late tiles say nothing")
        scenario.mapLayers.send(.setVisible(.file(path), true))
        scenario.mapLayers.send(.tileFailed(.file(path), reason: "a tile could not be decoded"))
        #expect(scenario.shell.notices.count == before + 2)
    }
}
