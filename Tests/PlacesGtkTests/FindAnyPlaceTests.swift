import Foundation
import Testing

extension GUITests {
    /// Finding any place offline, as a person does it in a real window: a town by name, a `geo:` link
    /// from another app, "What's here?" on the map, and Share.
    @Suite("Finding any place in a real window")
    struct FindAnyPlaceTests {
        @Test("typing “grenoble” lists Grenoble with its region; choosing it shows its card with population and Set as Home")
        func townByName() async throws {
            let app = try AppUnderTest(["--tab", "places"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.key("ctrl+f")
            try app.type("grenoble")
            let listed = try await app.waitForTree(timeout: 20, withListRows: true) { tree in
                tree.nodes.contains { $0.name.hasPrefix("Grenoble, City · Auvergne-Rhône-Alpes, France") }
            }
            #expect(listed.nodes.contains { $0.name.hasPrefix("Grenoble, City · Auvergne-Rhône-Alpes, France") },
                    "no Grenoble row: \(listed.nodes.filter { $0.role == "list item" }.map(\.name).prefix(8))")
            #expect(listed.nodes.contains { $0.text == "Towns and Airports (2)" })
            // The first keystrokes start reading the world's towns: no frame said "0 places found" before
            // they were read (what the line above the list showed, painted, each time it changed).
            let summaries = app.trace.events(named: "list-shown").filter { ($0["query"] as? String)?.isEmpty == false }
                .compactMap { $0["summary"] as? String }
            #expect(!summaries.contains("0 places found"), "\(summaries)")
            try app.screenshot("find-grenoble")
            try app.key("Down")
            #expect(await app.trace.waitFor("card-revealed") { $0["name"] as? String == "Grenoble" } != nil)
            let card = try app.cardLabels()
            #expect(card.contains { $0.hasPrefix("Auvergne-Rhône-Alpes, France · 158,552 inhabitants · ") && $0.hasSuffix("local time") }, "\(card)")
            let tree = try app.accessibilityTree()
            #expect(tree.nodes.contains { $0.role == "push button" && $0.name == "Set as Home" })
            try app.screenshot("find-grenoble-card")
        }

        @Test("a typo the library's search does not forgive lists the town the bundled places also hold: “zurik” finds Zürich first")
        func typoFindsBundledTown() async throws {
            let app = try AppUnderTest(["--tab", "places"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.key("ctrl+f")
            try app.type("zurik")
            let listed = try await app.waitForTree(timeout: 20, withListRows: true) { tree in
                tree.nodes.contains { $0.name.hasPrefix("Zürich, City · Zurich, Switzerland") }
            }
            // The rows in the tree's order: Zürich before the towns a typo also forgives.
            let towns = listed.nodes.map(\.name).filter { $0.contains(", City · ") }
            #expect(towns.first?.hasPrefix("Zürich, City · Zurich, Switzerland") == true, "\(towns.prefix(4))")
            #expect(listed.nodes.contains { $0.text == "Towns and Airports (20)" })
            try app.screenshot("find-zurik")
        }

        @Test("a geo: link handed to the running window shows its point's card with the nearest town; an unreadable one says why")
        func geoLinkFromOutside() async throws {
            let app = try AppUnderTest()
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try app.openFromOutside(arguments: ["geo:45.1885,5.7245;u=20"])
            #expect(await app.trace.waitFor("card-revealed") { $0["name"] as? String == "Dropped Pin" } != nil)
            let card = try await app.waitForTree(timeout: 20) { tree in tree.nodes.contains { $0.text?.hasSuffix("NE of Grenoble, Auvergne-Rhône-Alpes, France") == true } }
            #expect(card.nodes.contains { $0.text == "1.3 km NE of Grenoble, Auvergne-Rhône-Alpes, France" },
                    "\(card.nodes.compactMap(\.text).filter { $0.contains("Grenoble") })")
            #expect(card.nodes.contains { $0.text == "Within 20 m" })
            try await app.waitUntilPainted()
            try app.screenshot("find-geo-link")
            try app.openFromOutside(arguments: ["geo:grenoble"])
            let told = "“geo:grenoble” is not a location: a geo: link starts with a latitude and a longitude, such as geo:48.8584,2.2945."
            let error = try await app.waitForTree { $0.nodes.contains { $0.text == told } }
            #expect(error.nodes.contains { $0.text == told }, "an unreadable link was not answered")
            try app.requireAlive()
        }

        @Test("`places geo:…` starts on that point's card")
        func geoLinkAtLaunch() async throws {
            let app = try AppUnderTest(["geo:48.8584,2.2945"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("card-revealed", timeout: 20) { $0["name"] as? String == "Dropped Pin" } != nil)
            let card = try await app.waitForTree(timeout: 20) { tree in tree.nodes.contains { $0.text?.hasSuffix("Île-de-France, France") == true } }
            #expect(card.nodes.contains { $0.text == "48.8584° N, 2.2945° E" })
            #expect(card.nodes.contains { $0.text?.hasSuffix("Île-de-France, France") == true })
        }

        @Test("“What's Here?” from the map's right-click menu shows the nearest town; Share copies a geo: link that pastes back into search")
        func whatsHereAndShare() async throws {
            let app = try AppUnderTest(["--camera", "48.8566,2.3522,11"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            try await app.waitUntilPainted()
            let (camera, origin) = try app.latestCamera()
            let centre = camera.viewport.center
            try app.click(at: origin.x + centre.x + 30, origin.y + centre.y - 20, button: 3)
            let menu = try await app.waitForTree { $0.nodes.contains { $0.role == "push button" && $0.name == "What's Here?" } }
            let item = try #require(menu.nodes.first { $0.role == "push button" && $0.name == "What's Here?" }, "no What's Here? in the map's menu")
            try AccessibilityTree.perform(item, pid: app.process.processIdentifier)
            #expect(await app.trace.waitFor("card-revealed") { $0["name"] as? String == "Dropped Pin" } != nil)
            // Paris's quarters are towns of the gazetteer too: the nearest is named ("Folie Méricourt, …").
            let here = try await app.waitForTree(timeout: 20) { tree in tree.nodes.contains { $0.text?.hasSuffix(", Île-de-France, France") == true } }
            #expect(here.nodes.contains { $0.text?.hasSuffix(", Île-de-France, France") == true },
                    "\(here.nodes.compactMap(\.text).filter { $0.contains("France") })")
            try await app.waitUntilPainted()
            try app.screenshot("find-whats-here")

            let share = try #require(here.nodes.last { $0.role == "push button" && $0.name == "Share" }, "the card has no Share menu")
            try AccessibilityTree.perform(share, pid: app.process.processIdentifier)
            let shareMenu = try await app.waitForTree { $0.nodes.contains { $0.role == "push button" && $0.name == "Copy geo: Link" } }
            let copy = try #require(shareMenu.nodes.first { $0.role == "push button" && $0.name == "Copy geo: Link" })
            try AccessibilityTree.perform(copy, pid: app.process.processIdentifier)
            let copied = try await app.waitForTree { $0.nodes.contains { $0.text?.hasPrefix("Copied “geo:48.") == true } }
            let toast = try #require(copied.nodes.compactMap(\.text).first { $0.hasPrefix("Copied “geo:48.") }, "no toast after copying")
            let link = String(toast.dropFirst("Copied “".count).dropLast())
            // The clipboard read back as a person does: pasted into the search, which reads it as that point.
            try app.key("ctrl+f")
            try app.key("ctrl+v")
            let pasted = try await app.waitForTree(withListRows: true) { tree in
                tree.nodes.contains { $0.name == "Search places" && $0.text == link } && tree.nodes.contains { $0.text == "Location (1)" }
            }
            #expect(pasted.nodes.contains { $0.name == "Search places" && $0.text == link }, "the clipboard does not hold \(link)")
            #expect(pasted.nodes.contains { $0.text == "Location (1)" })
            try app.screenshot("find-share-pasted")
        }
    }
}
