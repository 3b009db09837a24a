import Foundation
import PlacesCore
import Testing

extension GUITests {
    /// A running window whose library is in a sync folder, and another computer played by the test:
    /// its own copy of the folder, whose log the test brings into the window's folder the way a sync
    /// engine does (a temporary file renamed into place).
    @Suite("Your places on several computers, in a real window")
    struct SyncFolderWindowTests {
        /// The other computer: a store over its own copy of the folder.
        struct Desktop {
            let folder: URL
            let store: SyncFolderLibraryStore
            var shown = Library()

            init(home: URL) {
                folder = home.appendingPathComponent("desktop-copy")
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                store = SyncFolderLibraryStore(folder: folder, device: SyncDevice(id: "desktop-gui", name: "desktop"))
            }

            mutating func edit(_ change: (inout Library) -> Void) throws {
                var library = shown
                change(&library)
                shown = try store.save(library, base: shown).value
            }

            /// Brings its log into `shared` as a sync engine does.
            func sync(into shared: URL) throws {
                let name = SyncLog.fileName(of: store.device.id)
                let temporary = shared.appendingPathComponent(".syncthing.\(name).tmp")
                try? FileManager.default.removeItem(at: temporary)
                try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: temporary)
                guard rename(temporary.path, shared.appendingPathComponent(name).path) == 0 else { throw CocoaError(.fileWriteUnknown) }
            }
        }

        /// A home whose settings keep the library in `Sync/Places` (made, empty), this computer being
        /// "laptop"; returns it, the folder and the settings file.
        static func homeWithLibraryFolder() throws -> (home: URL, folder: URL, settings: URL) {
            let home = try AppUnderTest.makeHome()
            let shared = home.appendingPathComponent("Sync/Places")
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            let config = home.appendingPathComponent("config/places")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            let settings = config.appendingPathComponent("settings.ini")
            try "[library]\nfolder=\(shared.path)\n".write(to: settings, atomically: true, encoding: .utf8)
            try #"{"id":"laptop-gui","name":"laptop"}"#.write(to: config.appendingPathComponent("device.json"), atomically: true, encoding: .utf8)
            return (home, shared, settings)
        }

        @Test("a change made on another computer appears in the running window with a message and Undo; a rename made on both at once is offered on the card, and Use This settles it")
        func changesFromAnotherComputer() async throws {
            let (home, shared, _) = try Self.homeWithLibraryFolder()
            defer { try? FileManager.default.removeItem(at: home) }

            var desktop = Desktop(home: home)
            try desktop.edit { $0.places = [Library.OwnPlace(id: "mine/picnic", name: "Picnic", kind: "park", latitude: 48.8566, longitude: 2.3522, notes: "By the lake")] }
            try desktop.sync(into: shared)

            let app = try AppUnderTest(home: home)
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.key("ctrl+f")
            try app.type("picnic")
            _ = try await app.waitForSearch("picnic")

            // Renamed on the desktop while the window runs.
            try desktop.edit { $0.places[0].name = "Lunch by the lake" }
            let sent = ContinuousClock.now
            try desktop.sync(into: shared)
            let told = "“Picnic” was renamed “Lunch by the lake” on desktop"
            let arrived = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && $0.text == told } }
            let delay = ContinuousClock.now - sent
            print("A change from another computer showed after \(delay) (polling the accessibility tree included).")
            #expect(arrived.nodes.contains { $0.role == "label" && $0.text == told }, "no message naming the other computer")
            #expect(arrived.nodes.contains { $0.role == "push button" && $0.name.hasPrefix("Undo") }, "the message offers no Undo")
            try app.screenshot("sync-change-arrived")

            // Renamed on both at once: first on the desktop (not sent yet), then in the window.
            try desktop.edit { $0.places[0].name = "Lunch spot" }
            try app.key("Escape")
            try app.key("ctrl+f")
            try app.key("ctrl+a")
            try app.type("lunch by")
            _ = try await app.waitForSearch("lunch by")
            try app.key("Down")
            try app.key("Return")
            #expect(await app.trace.waitFor("card-revealed") { $0["id"] as? String == "mine/picnic" } != nil)
            try app.key("F2")
            _ = try await app.waitForEditor()
            try app.key("ctrl+a")
            try app.type("Picnic lawn")
            try app.key("Return")
            let mine = await AppUnderTest.poll {
                try String(contentsOf: shared.appendingPathComponent("places-laptop-gui.jsonl"), encoding: .utf8).contains("Picnic lawn")
            }
            #expect(mine, "the window's rename was not written to its log")
            try desktop.sync(into: shared)
            let offer = "Also changed on desktop: name “Lunch spot”"
            let offered = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && $0.text == offer } }
            let labels = try app.cardLabels()
            #expect(labels.first == "Picnic lawn", "the later rename is not the one shown")
            #expect(labels.contains(offer), "the card does not offer the other computer's name: \(labels)")
            try app.screenshot("sync-also-changed")
            // GTK 4.8 adds the button's label to the name it was given.
            let use = try #require(offered.nodes.first { $0.role == "push button" && $0.name.hasPrefix("Use this: \(offer)") },
                                   "no Use This button: \(offered.nodes.filter { $0.role == "push button" }.map(\.name))")
            #expect(offered.nodes.contains { $0.role == "push button" && $0.name.hasPrefix("Keep the one shown, not: \(offer)") },
                    "the card offers no way to keep the name shown")
            try app.click(use)
            let taken = try await app.waitForTree { tree in tree.nodes.contains { $0.text == "“Lunch spot” now has what desktop gave it" } }
            #expect(taken.nodes.contains { $0.text == "“Lunch spot” now has what desktop gave it" })
            #expect(await AppUnderTest.poll { try app.cardLabels().first == "Lunch spot" && !app.cardLabels().contains(offer) })

            // The desktop reads the window's log: both hold one library, with nothing kept aside.
            let written = await AppUnderTest.poll {
                try String(contentsOf: shared.appendingPathComponent("places-laptop-gui.jsonl"), encoding: .utf8).components(separatedBy: "Lunch spot").count > 1
            }
            #expect(written)
            try FileManager.default.copyItem(at: shared.appendingPathComponent("places-laptop-gui.jsonl"), to: desktop.folder.appendingPathComponent("places-laptop-gui.jsonl"))
            try desktop.edit { _ in }
            #expect(desktop.shown.places.map(\.name) == ["Lunch spot"])
            #expect(desktop.store.alternatives().isEmpty)
            let reader = SyncFolderLibraryStore(folder: shared, device: SyncDevice(id: "reader", name: "reader"))
            #expect(try reader.load().value == desktop.shown)
        }

        @Test("Library Folder… says where the library is, and Use the Standard Folder brings it back whole, with the count")
        func backToTheStandardFolder() async throws {
            let (home, shared, settings) = try Self.homeWithLibraryFolder()
            defer { try? FileManager.default.removeItem(at: home) }
            var desktop = Desktop(home: home)
            try desktop.edit {
                $0.places = [Library.OwnPlace(id: "mine/picnic", name: "Picnic", kind: "park", latitude: 48.8566, longitude: 2.3522)]
                $0.favourites = ["mine/picnic"]
            }
            try desktop.sync(into: shared)

            let app = try AppUnderTest(home: home)
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.key("F10")
            let menu = try await app.waitForTree { $0.nodes.contains { $0.name == "Library Folder…" } }
            try AccessibilityTree.perform(try #require(menu.nodes.first { $0.name == "Library Folder…" }), pid: app.process.processIdentifier)
            let where_ = "Your own places, favourites, collections and the list of files you imported are kept in \(shared.path)."
            let dialog = try await app.waitForTree { $0.nodes.contains { $0.text?.hasPrefix(where_) == true } }
            try app.screenshot("library-folder-dialog", wholeScreen: true)
            // GTK 4.8 names a response button after its label twice, once with its mnemonic.
            let standard = try #require(dialog.nodes.first { $0.role == "push button" && $0.name.hasSuffix("Use the Standard Folder") },
                                        "no Use the Standard Folder: \(dialog.nodes.filter { $0.role == "push button" }.map(\.name))")
            try AccessibilityTree.perform(standard, pid: app.process.processIdentifier)
            let told = "Your library is kept in the standard folder again (1 own place, 1 favourite, 0 collections)."
            let back = try await app.waitForTree { $0.nodes.contains { $0.text == told } }
            #expect(back.nodes.contains { $0.text == told }, "no message with the counts")
            let forgotten = await AppUnderTest.poll { try !String(contentsOf: settings, encoding: .utf8).contains("folder=") }
            #expect(forgotten, "settings.ini still names the folder")
            let library = home.appendingPathComponent("data/places/library.json")
            let kept = await AppUnderTest.poll { try String(contentsOf: library, encoding: .utf8).contains("Picnic") }
            #expect(kept, "the standard library file does not hold the place")
        }

        @Test("a map file added on another computer is drawn in the running window and listed in Map Layers; hidden here, it is hidden there")
        func mapFileFromAnotherComputer() async throws {
            let (home, shared, _) = try Self.homeWithLibraryFolder()
            defer { try? FileManager.default.removeItem(at: home) }
            // The file lies beside the library: the sync engine brings it to each computer's copy of the folder.
            let desktop = Desktop(home: home)
            var paths: [String] = []
            for folder in [desktop.folder, shared] {
                let maps = folder.appendingPathComponent("maps")
                try FileManager.default.createDirectory(at: maps, withIntermediateDirectories: true)
                let path = maps.appendingPathComponent("alps.mbtiles").path
                try AppUnderTest.run("/usr/bin/python3", [MapLayersTests.fixtures.path, "mbtiles", path, "255,0,255"])
                paths.append(path)
            }
            let app = try AppUnderTest(["--camera=46.3,8.5,5"], home: home)
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            // At launch the window joins its map files with the folder's, silently, then writes `map.json`
            // (the Online Tiles preference): a file the folder had before that is no news.
            let mapSettings = home.appendingPathComponent("config/places/map.json")
            #expect(await AppUnderTest.poll { FileManager.default.fileExists(atPath: mapSettings.path) }, "the window did not join the folder's map files")

            var onDesktop = try desktop.store.saveMapFiles([MapSettings.File(path: paths[0], isVisible: true)], base: []).value
            try desktop.sync(into: shared)
            let told = "“alps.mbtiles” was added to the map on desktop"
            let arrived = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && $0.text == told } }
            #expect(arrived.nodes.contains { $0.role == "label" && $0.text == told }, "no message naming the other computer")
            let (camera, origin) = try await app.waitForCamera { $0.zoom >= 4 }
            let drawn = try await app.waitForScreenshot("sync-map-file-arrived") {
                try MapLayersTests.share(of: [255, 0, 255], at: MapLayersTests.alpsPoints(camera), origin: origin, in: $0) >= 0.6
            }
            #expect(try MapLayersTests.share(of: [255, 0, 255], at: MapLayersTests.alpsPoints(camera), origin: origin, in: drawn) >= 0.6,
                    "the desktop's map is not drawn over the Alps")

            // Map Layers lists it; Space hides it, and the window's log says so for the desktop.
            try app.click(at: origin.x + camera.viewport.width - 12 - 17, origin.y + 12 + 68 + 12 + 17)
            let open = try await app.waitForTree { $0.nodes.contains { $0.name == "Alps colour map, levels 3–6" } }
            #expect(open.nodes.first { $0.name == "Alps colour map, levels 3–6" }?.states.contains("checked") == true)
            try app.key("Tab")
            try app.key("Tab")
            try app.key("space")
            _ = try await app.waitForTree { !($0.nodes.first { $0.name == "Alps colour map, levels 3–6" }?.states.contains("checked") ?? true) }
            try app.key("Escape")
            let log = shared.appendingPathComponent("places-laptop-gui.jsonl")
            let written = await AppUnderTest.poll {
                try String(contentsOf: log, encoding: .utf8).contains(#""layer":"./maps/alps.mbtiles","on":false"#)
            }
            #expect(written, "the window's log does not hide the map")
            try FileManager.default.copyItem(at: log, to: desktop.folder.appendingPathComponent("places-laptop-gui.jsonl"))
            onDesktop = try desktop.store.saveMapFiles(onDesktop, base: onDesktop).value
            #expect(onDesktop == [MapSettings.File(path: paths[0], isVisible: false)], "the desktop does not read it hidden: \(onDesktop)")
            let settings = try String(contentsOf: home.appendingPathComponent("config/places/map.json"), encoding: .utf8)
            #expect(!settings.contains("alps"), "map.json keeps the folder's files: \(settings)")
        }
    }
}
