import Foundation
import PlacesGtk
import Testing
@testable import places

@Suite("The man page")
struct ManPageTests {
    /// data/places.1, found from this file's path.
    private let manPage = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../data/places.1").standardized

    @Test("describes every option of --help, for this version")
    func everyOption() throws {
        let text = try String(contentsOf: manPage, encoding: .utf8)
        // The OPTIONS section's rows: "  --tab <name>   Start on this tab…", "  -h, --help   Show help…".
        let options = PlacesCommand.helpMessage().split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^ +(?:-h, )?(--[a-z-]+)/).map { String($0.1) }
        }
        #expect(options.count == 12)
        for option in options {
            // roff writes a hyphen that must print as one as \-.
            #expect(text.contains(option.replacingOccurrences(of: "-", with: "\\-")), "places.1 does not describe \(option)")
        }
        #expect(text.contains("\"places \(PlacesApplication.version)\""), "places.1 is for another version")
    }
}
