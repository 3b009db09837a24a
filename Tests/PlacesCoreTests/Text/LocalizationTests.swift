import Foundation
import PlacesCore
import Testing

/// Without a translation (the tests' C locale), messages are their English text with placeholders
/// filled; the French and German translations are exercised by the GUI suite in a process of their own,
/// since the language is process-wide.
@Suite("Messages")
struct LocalizationTests {
    @Test("placeholders are filled by name, in any order, each wherever it appears")
    func placeholders() {
        #expect(tr("Imported {file}: {summary}", ["summary": "3 places", "file": "trip.geojson"]) == "Imported trip.geojson: 3 places")
        #expect(tr("{name}, {kind}", ["name": "Paris", "kind": "capital"]) == "Paris, capital")
        #expect(tr("Map") == "Map")
    }

    @Test("a value that looks like a placeholder is not filled again")
    func valuesAreLiteral() {
        #expect(tr("Imported {file}: {summary}", ["file": "{summary}.geojson", "summary": "1 place"]) == "Imported {summary}.geojson: 1 place")
        #expect(tr("{name}, {kind}", ["name": "a { b", "kind": "}"]) == "a { b, }")
        #expect(tr("Imported {file}: {summary}", ["file": "x"]) == "Imported x: {summary}", "an unknown placeholder stays as it is")
    }

    @Test("plurals follow the count, and {count} can be written for the locale", arguments: [(0, "0 places"), (1, "1 place"), (2, "2 places")])
    func plurals(count: Int, expected: String) {
        #expect(trPlural("{count} place", "{count} places", count: count) == expected)
        #expect(trPlural("{count} place", "{count} places", count: 1701, ["count": "1,701"]) == "1,701 places")
    }
}

@Suite("The locale numbers are written for")
struct LocaleFromEnvironmentTests {
    @Test(
        "comes from LC_ALL, then LC_NUMERIC, then LANG, without the encoding",
        arguments: [
            (["LANG": "fr_FR.UTF-8"], "fr_FR"),
            (["LANG": "en_GB.UTF-8", "LC_NUMERIC": "de_DE.UTF-8"], "de_DE"),
            (["LANG": "en_GB.UTF-8", "LC_NUMERIC": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8"], "fr_FR"),
            (["LC_ALL": "", "LANG": "de_DE"], "de_DE"),
        ]
    )
    func fromEnvironment(environment: [String: String], identifier: String) {
        #expect(Localization.locale(environment: environment).identifier == identifier)
        #expect(LocalizedNumbers(locale: Localization.locale(environment: environment)).count(1701) != "1,701")
    }

    @Test("the C locale, or none, falls back to Foundation's")
    func cLocale() {
        #expect(Localization.locale(environment: ["LANG": "C.UTF-8"]) == .current)
        #expect(Localization.locale(environment: [:]) == .current)
    }
}
