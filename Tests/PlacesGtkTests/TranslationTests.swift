import Foundation
import Testing

extension GUITests {
    @Suite("Translations")
    struct TranslationTests {
        @Test(
            "in French and German the window speaks the language, with its plurals and number formats",
            arguments: [
                ("fr", "fr_FR.UTF-8", ["Carte", "Lieux", "Profil"], "lieux trouvés", "Rechercher des lieux"),
                ("de", "de_DE.UTF-8", ["Karte", "Orte", "Profil"], "Orte gefunden", "Orte suchen"),
            ]
        )
        func language(code: String, locale: String, tabs: [String], found: String, search: String) async throws {
            let app = try AppUnderTest(["--tab", "places"], environment: ["LANGUAGE": code, "LANG": locale, "LC_ALL": locale])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("places-loaded") != nil)
            let tree = try await app.waitForTree { $0.tabTitles == tabs }
            #expect(tree.tabTitles == tabs)
            // 1,701 places, grouped as the locale groups thousands ("1 701", "1.701"), in the plural.
            let summary = tree.nodes.compactMap(\.text).first { $0.hasSuffix(found) }
            #expect(summary != nil, "no \"… \(found)\" among \(tree.nodes.compactMap(\.text).prefix(12))")
            if let summary {
                let number = summary.dropLast(found.count).trimmingCharacters(in: .whitespaces)
                let expected = NumberFormatter.localizedString(from: 1701, number: .decimal)
                #expect(number != "1701" && number != "1,701", "\(number) is not grouped as \(locale) groups it (\(expected) here)")
            }
            #expect(tree.nodes.contains { $0.name == search }, "the search field is not named \"\(search)\"")
            try app.screenshot("translation-\(code)")
        }

        @Test(
            "in French and German a bundled place's summary and a new place's kind speak the language",
            arguments: [
                ("fr", "fr_FR.UTF-8", "Capitale : France · 9,9 millions d’habitants", "Autre"),
                ("de", "de_DE.UTF-8", "Hauptstadt: France · 9,9 Millionen Einwohner", "Sonstiges"),
            ]
        )
        func bundledSummary(code: String, locale: String, summary: String, other: String) async throws {
            let app = try AppUnderTest(["--select", "capital-fr-paris"], environment: ["LANGUAGE": code, "LANG": locale, "LC_ALL": locale])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("card-revealed") != nil)
            let tree = try await app.waitForTree { $0.nodes.contains { $0.text == summary } }
            #expect(tree.nodes.contains { $0.text == summary }, "\(tree.nodes.compactMap(\.text).filter { $0.contains("·") })")
            try app.key("ctrl+n")
            let editor = try await app.waitForTree { $0.nodes.contains { $0.text == other } }
            #expect(editor.nodes.contains { $0.text == other }, "a new place's kind is not “\(other)”")
            try app.screenshot("translation-summary-\(code)")
        }
    }
}

extension AccessibilityTree {
    /// The titles of the notebook's tabs, in order.
    var tabTitles: [String] {
        nodes(role: "page tab").compactMap { labels(under: $0.path).first }
    }
}
