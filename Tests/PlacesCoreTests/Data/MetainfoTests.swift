import Foundation
import Testing

@Suite("What software centres say about Places")
struct MetainfoTests {
    @Test("the AppStream description names every format Places reads, in English, French and German")
    func formats() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../data/io.github.swiftplaces.Places.metainfo.xml").standardized
        let text = try String(contentsOf: url, encoding: .utf8)
        let description = try #require(text.firstRange(of: "<description>").flatMap { start in
            text.firstRange(of: "</description>").map { text[start.upperBound..<$0.lowerBound] }
        })
        for language in ["", " xml:lang=\"de\"", " xml:lang=\"fr\""] {
            let paragraphs = description.matches(of: try Regex("<p\(language)>([^<]*)</p>")).map { String($0.output[1].substring ?? "") }
            let said = paragraphs.joined(separator: " ")
            for format in ["GeoJSON", "GPX", "KML", "KMZ", "CSV", "Takeout", "MBTiles", "PMTiles"] {
                #expect(said.contains(format), "the description\(language) does not name \(format)")
            }
        }
    }
}
