import Foundation
import Testing

extension GUITests {
    @Suite("Screen reader and keyboard: the map's markers")
    struct ScreenReaderTests {
        static let paris = "capital-fr-paris"

        @Test("the markers on screen are named objects inside the world map; activating Paris shows its card")
        func markersAreReachable() async throws {
            let app = try AppUnderTest(["--camera", "48.85,2.35,8"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("camera") != nil)
            let tree = try await app.waitForTree { $0.marker(named: "Paris, capital") != nil }
            let map = try #require(tree.nodes.first { $0.name == "World map" }, "no object named World map")
            let markers = tree.markers
            #expect(markers.allSatisfy { $0.path.hasPrefix(map.path + ".") }, "markers outside the map")
            let paris = try #require(tree.marker(named: "Paris, capital"), "Paris is not reachable: \(markers.map(\.name))")
            #expect(paris.actions.contains("click"))
            #expect(markers.contains { $0.name == "Charles de Gaulle International Airport, airport" })

            try AccessibilityTree.perform(paris, pid: app.process.processIdentifier)
            let revealed = await app.trace.waitFor("card-revealed")
            #expect(revealed?["id"] as? String == Self.paris, "activating the marker did not show Paris's card")
            #expect(try app.cardLabels().first == "Paris", "a screen reader does not find Paris's name on the card")
            try app.requireAlive()
        }

        @Test("a cluster is named with its count, where it is and its first places, and activating it zooms in")
        func clusterZooms() async throws {
            let app = try AppUnderTest()
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            let tree = try await app.waitForTree { $0.markers.contains { $0.isCluster } }
            let cluster = try #require(tree.markers.first { $0.isCluster }, "no cluster reachable")
            // "12 places around Lyon: Lyon, Villeurbanne, Vaulx-en-Velin, …": the first named is the one it is around.
            let spoken = try #require(cluster.name.firstMatch(of: #/^(\d+) places around (.+?): (.+?), /#), "\(cluster.name)")
            #expect(spoken.output.2 == spoken.output.3, "\(cluster.name)")
            let (before, _) = try app.latestCamera()
            let cameras = app.trace.events(named: "camera").count
            try AccessibilityTree.perform(cluster, pid: app.process.processIdentifier)
            #expect(await app.trace.waitFor("camera", after: cameras) != nil, "activating the cluster did not move the map")
            let (after, _) = try app.latestCamera()
            #expect(after.zoom > before.zoom, "the map did not zoom in (\(before.zoom) → \(after.zoom))")
        }

        @Test("keyboard only: Tab from the tab bar reaches Paris's marker, Enter shows its card")
        func keyboardPath() async throws {
            let app = try AppUnderTest(["--camera", "48.85,2.35,8"])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("camera") != nil)
            _ = try await app.waitForTree { $0.marker(named: "Paris, capital") != nil }
            var focused = try app.accessibilityTree().nodes.first { $0.states.contains("focused") }
            for _ in 0..<20 {
                let before = focused?.path
                try app.key("Tab")
                let moved = try await app.waitForTree { $0.nodes.first { $0.states.contains("focused") }?.path != before }
                focused = moved.nodes.first { $0.states.contains("focused") }
                if focused?.name == "Paris, capital" { break }
            }
            let focusedName = focused?.name
            #expect(focusedName == "Paris, capital", "Tab never reached Paris's marker")
            try app.screenshot("keyboard-marker-focus")
            try app.key("Return")
            let revealed = await app.trace.waitFor("card-revealed")
            #expect(revealed?["id"] as? String == Self.paris)
            #expect(try app.cardLabels().first == "Paris", "the card does not show Paris")
        }
    }
}

extension AccessibilityTree {
    /// The map's marker targets: buttons whose names a screen reader speaks for markers and clusters.
    var markers: [Node] {
        nodes.filter { $0.role == "push button" && ($0.name.contains(", ") || $0.isCluster) }
    }

    func marker(named name: String) -> Node? { markers.first { $0.name == name } }
}

extension AccessibilityTree.Node {
    /// A cluster's marker: "12 places around Lyon: …", or "Cluster of 12 places" while the map moves.
    var isCluster: Bool { name.hasPrefix("Cluster of ") || name.firstMatch(of: #/^\d+ places around /#) != nil }
}
