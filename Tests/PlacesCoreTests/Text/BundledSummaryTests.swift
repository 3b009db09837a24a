import Foundation
@testable import PlacesCore
import Testing

@Suite("The bundled places' summaries in the person's language")
struct BundledSummaryTests {
    private let french = BundledSummary(numbers: LocalizedNumbers(locale: Locale(identifier: "fr_FR")))

    @Test("each pattern of the data build is recognised, its names kept and its numbers written as the locale writes them", arguments: [
        ("Capital of France · 9.9 million people", "Capital of France · 9,9 million people"),
        ("Capital of Tuvalu · 10,679 people", "Capital of Tuvalu · 10 679 people"),
        ("Research station in Antarctica · about 1,000 people", "Research station in Antarctica · about 1 000 people"),
        ("City in Rio Grande do Sul, Brazil · 876,990 people", "City in Rio Grande do Sul, Brazil · 876 990 people"),
        ("International airport (LYS) serving Lyon, France", "International airport (LYS) serving Lyon, France"),
    ])
    func patterns(english: String, written: String) {
        // Without a catalogue for the test's language the patterns stay English; the numbers follow the locale.
        #expect(french.localized(english).replacingOccurrences(of: "\u{202F}", with: " ").replacingOccurrences(of: "\u{A0}", with: " ") == written)
    }

    @Test("what has no known shape stays as written", arguments: [
        ("Largest city and former capital of Kazakhstan · 2.2 million people", "Largest city and former capital of Kazakhstan · 2,2 million people"),
        ("Capital of", "Capital of"),
        ("A · B · C", "A · B · C"),
        ("Capital of France · lots of people", "Capital of France · lots of people"),
    ])
    func others(summary: String, written: String) {
        #expect(french.localized(summary) == written)
    }

    @Test("every bundled summary is read whole: its names are all still there")
    func bundledData() throws {
        let english = BundledSummary(numbers: LocalizedNumbers(locale: Locale(identifier: "en_US")))
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../data/places.geojson").standardized
        let text = try String(contentsOf: url, encoding: .utf8)
        let summaries = text.matches(of: #/"summary":"([^"]*)"/#).map { String($0.output.1) }
        #expect(summaries.count > 1_500)
        for summary in summaries {
            #expect(english.localized(summary) == summary, "changed under English: \(summary)")
        }
    }
}
