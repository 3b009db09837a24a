import Foundation
import Testing

extension GUITests {
    @Suite("Profile tab: edit and save")
    struct ProfileFormTests {
        @Test("typing a name and choosing Lyon, then Enter, saves the profile and shows the confirmation")
        func editAndSave() async throws {
            let app = try AppUnderTest()
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.key("ctrl+3")
            #expect(await app.trace.waitFor("tab-shown") { $0["tab"] as? String == "profile" } != nil)
            try app.type("Ada Lovelace")
            try app.key("Tab")
            try app.type("Lyon, France")
            _ = try await app.waitForTree { $0.nodes.contains { $0.text == "Lyon, France" } }
            try await app.waitUntilPainted()
            try app.screenshot("profile-filled")
            try app.key("Return")
            let saved = await app.trace.waitFor("profile-saved")
            #expect(saved?["name"] as? String == "Ada Lovelace")
            #expect(saved?["city"] as? String == "Lyon, France")
            let tree = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && $0.text == "Profile saved" } }
            #expect(tree.nodes.contains { $0.role == "label" && $0.text == "Profile saved" }, "the form does not say it saved")
            try app.screenshot("profile-saved")
            let file = app.home.appendingPathComponent("config/places/profile.json")
            let written = try String(contentsOf: file, encoding: .utf8)
            #expect(written.contains("Ada Lovelace"))
        }

        @Test("Ctrl+S saves the profile from inside the name field")
        func controlS() async throws {
            let app = try AppUnderTest(["--tab", "profile"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.type("Grace")
            try app.key("ctrl+s")
            #expect(await app.trace.waitFor("profile-saved")?["name"] as? String == "Grace")
            let tree = try await app.waitForTree { $0.nodes.contains { $0.role == "label" && $0.text == "Profile saved" } }
            #expect(tree.nodes.contains { $0.role == "label" && $0.text == "Profile saved" }, "the form does not say it saved")
        }

        @Test("Save pressed from the keyboard saves, and the focus goes back to the name field instead of nowhere")
        func saveByKeyboardKeepsFocus() async throws {
            let app = try AppUnderTest(["--tab", "profile"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.type("Ada")
            // Tab past the home city and the unit to Save; Space presses it.
            try app.key("Tab")
            try app.key("Tab")
            try app.key("Tab")
            try app.key("space")
            #expect(await app.trace.waitFor("profile-saved")?["name"] as? String == "Ada")
            let tree = try await app.waitForTree { tree in
                tree.nodes.contains { $0.name == "Name" && $0.states.contains("focused") }
            }
            let focused = tree.nodes.filter { $0.states.contains("focused") }
            #expect(focused.map(\.name) == ["Name"], "focus is on \(focused.map(\.name)) after saving")
            try app.screenshot("profile-saved-by-keyboard")
        }
    }
}
