import Foundation
import PlacesCore
import Testing

extension GUITests {
    /// Exporting through the desktop's save dialog, as a person does it.
    @Suite("The export dialog in a real window")
    struct ExportDialogTests {
        @Test("Ctrl+Shift+E, a name, GPX chosen in the dialog's Format: the file is GPX with the notes as desc, and the next export offers GPX")
        func chooseGPX() async throws {
            let home = try AppUnderTest.makeHome()
            defer { try? FileManager.default.removeItem(at: home) }
            let out = home.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let library = #"""
                {"version":2,"library":{"favourites":["mine/picnic"],"sources":[],"collections":[{"id":"c1","name":"Weekend","members":["mine/picnic"]}],
                 "places":[{"id":"mine/picnic","name":"Picnic at Miribel","kind":"picnic site","latitude":45.8273,"longitude":4.9602,
                            "notes":"Bring cash.\nThe terrace & the view."}]}}
                """#
            let app = try AppUnderTest(["--tab", "places"], home: home) { try AppUnderTest.writeLibrary(library, in: $0) }
            try app.waitForWindow()
            _ = try await app.waitForTree(withListRows: true) { $0.nodes.contains { $0.name.contains("Picnic at Miribel") } }
            try app.key("ctrl+shift+e")
            let dialog = try await app.waitForTree { $0.nodes.contains { $0.role == "text" && $0.name == "Name:" && $0.states.contains("focused") } }
            let name = try #require(dialog.nodes.first { $0.role == "text" && $0.name == "Name:" })
            #expect(name.text == "favourites.geojson", "the suggested name")
            try app.key("ctrl+a")
            try app.type(out.appendingPathComponent("weekend").path)

            // The Format drop-down (GtkDropDown: its button opens a list of the formats).
            let format = try #require(dialog.nodes.first { $0.role == "label" && $0.text == "Format" })
            let dropDown = try #require(dialog.nodes.first { $0.role == "combo box" && $0.path.hasPrefix(String(format.path.dropLast(2))) },
                                        "no drop-down beside “Format”")
            let button = try #require(dialog.nodes.first { $0.role == "push button" && $0.path.hasPrefix(dropDown.path + ".") })
            try app.click(button)
            // The formats are rows of a list in a popover, GeoJSON (the one chosen) first. Keys, not
            // clicks, pick one: without a compositor, AT-SPI places a popover's rows off where they show.
            _ = try await app.waitForTree(withListRows: true) { $0.nodes.contains { $0.text == "GPX" && $0.extents.count == 4 } }
            try app.key("Down")
            try app.key("Return")
            let chosen = try await app.waitForTree { tree in
                tree.nodes.contains { $0.text == "GPX" && $0.path.hasPrefix(dropDown.path + ".") }
            }
            #expect(chosen.nodes.contains { $0.text == "GPX" && $0.path.hasPrefix(dropDown.path + ".") }, "the drop-down does not show GPX")
            try app.screenshot("export-dialog-gpx", wholeScreen: true)
            let export = try #require(chosen.nodes.first { $0.role == "push button" && $0.name.hasSuffix("Export") })
            try AccessibilityTree.perform(export, pid: app.process.processIdentifier)

            let message = "Exported 1 place to weekend.gpx"
            let told = try await app.waitForTree { $0.nodes.contains { $0.text == message } }
            #expect(told.nodes.contains { $0.text == message }, "no message with the count")
            let text = try String(contentsOf: out.appendingPathComponent("weekend.gpx"), encoding: .utf8)
            #expect(text.contains("<desc>Bring cash.\nThe terrace &amp; the view.</desc>"), "\(text)")
            #expect(text.contains(#"<places:property name="collections#1">Weekend</places:property>"#), "\(text)")

            try app.key("ctrl+shift+e")
            let again = try await app.waitForTree { $0.nodes.contains { $0.role == "text" && $0.name == "Name:" && $0.states.contains("focused") } }
            #expect(again.nodes.first { $0.role == "text" && $0.name == "Name:" }?.text == "favourites.gpx", "the next export does not offer GPX")
            try app.key("Escape")
        }
    }
}
