import Foundation
import PlacesCore
import Testing

extension GUITests {
    /// Backing every place up from the main menu, and restoring the backup into an empty Places, as
    /// a person does it: through the menu, the desktop's file dialogs and the notice's Undo.
    @Suite("Back up and restore in a real window")
    struct BackupWindowTests {
        @Test("Back Up All Places… writes one file; Restore… in an empty Places brings the place, its note and its collection back, and Undo takes them away")
        func backUpAndRestore() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let backup = home.appendingPathComponent("kept/weekend-backup.zip")
            try FileManager.default.createDirectory(at: backup.deletingLastPathComponent(), withIntermediateDirectories: true)
            let library = #"""
                {"version":2,"library":{"favourites":[],"sources":[],"collections":[{"id":"c1","name":"Weekend","members":["mine/picnic"]}],
                 "places":[{"id":"mine/picnic","name":"Picnic at Miribel","kind":"picnic site","latitude":45.8273,"longitude":4.9602,
                            "notes":"Bring cash."}]}}
                """#
            do {
                let app = try AppUnderTest(["--tab", "places"], home: home) { try AppUnderTest.writeLibrary(library, in: $0) }
                try app.waitForWindow()
                _ = try await app.waitForTree(withListRows: true) { $0.nodes.contains { $0.name.contains("Picnic at Miribel") } }
                try app.key("F10")
                let menu = try await app.waitForTree { $0.nodes.contains { $0.name == "Back Up All Places…" } }
                #expect(menu.nodes.contains { $0.name == "Restore…" })
                try AccessibilityTree.perform(try #require(menu.nodes.first { $0.name == "Back Up All Places…" }), pid: app.process.processIdentifier)
                let dialog = try await app.waitForTree { $0.nodes.contains { $0.role == "text" && $0.name == "Name:" && $0.states.contains("focused") } }
                let suggested = dialog.nodes.first { $0.role == "text" && $0.name == "Name:" }?.text ?? ""
                #expect(suggested.hasPrefix("places-backup-") && suggested.hasSuffix(".zip"), "the suggested name: \(suggested)")
                try app.key("ctrl+a")
                try app.type(backup.path)
                try app.key("Return")
                let message = "Backed up 1 place of your own, 0 imported files and 1 collection to weekend-backup.zip"
                let told = try await app.waitForTree { $0.nodes.contains { $0.text == message } }
                #expect(told.nodes.contains { $0.text == message }, "no message with the counts")
                try app.screenshot("backup-done")
            }

            // A new computer: nothing of the person's, then Restore….
            let elsewhere = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: elsewhere) }
            let app = try AppUnderTest(["--tab", "places"], home: elsewhere)
            try app.waitForWindow()
            _ = try await app.waitForTree(withListRows: true) { $0.nodes.contains { $0.text?.hasPrefix("Capitals") == true } }
            try app.key("F10")
            let menu = try await app.waitForTree { $0.nodes.contains { $0.name == "Restore…" } }
            try AccessibilityTree.perform(try #require(menu.nodes.first { $0.name == "Restore…" }), pid: app.process.processIdentifier)
            // GTK 4.8 gives the file chooser's window the role "filler": it is known by its title, and modal.
            let chooser = try await app.waitForTree { $0.nodes.contains { $0.name == "Restore Places" && $0.states.contains("modal") } }
            #expect(chooser.nodes.contains { $0.name == "Restore Places" }, "no file chooser to pick the backup")
            // Typing a path opens the dialog's location field, as in every GTK file dialog.
            try app.type(backup.path)
            _ = try await app.waitForTree { $0.nodes.contains { $0.role == "text" && $0.text == backup.path } }
            try app.key("Return")
            let message = "Restored 1 place of your own, 0 imported files and 1 collection from weekend-backup.zip"
            // The message first (the list's rows are slow to read over AT-SPI: 5–10 s each time), then the rows.
            _ = try await app.waitForTree { tree in tree.nodes.contains { $0.text == message } }
            let restored = try await app.waitForTree(withListRows: true) { tree in
                tree.nodes.contains { $0.text == message } && tree.nodes.contains { $0.name.contains("Picnic at Miribel") }
            }
            #expect(restored.nodes.contains { $0.text == message }, "no message with the counts")
            #expect(restored.nodes.contains { $0.text?.hasPrefix("Weekend") == true }, "the collection is not a section of the list")
            try app.screenshot("restore-done")
            let undo = try #require(restored.nodes.first { $0.role == "push button" && $0.name.hasPrefix("Undo") }, "the notice offers no Undo")
            try AccessibilityTree.perform(undo, pid: app.process.processIdentifier)
            let undone = try await app.waitForTree(withListRows: true) { tree in !tree.nodes.contains { $0.name.contains("Picnic at Miribel") } }
            #expect(!undone.nodes.contains { $0.name.contains("Picnic at Miribel") }, "the restored place is still listed")
        }
    }
}
