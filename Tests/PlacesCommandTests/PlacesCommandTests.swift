import ArgumentParser
import Foundation
import PlacesCore
import PlacesGtk
import Testing
@testable import places

@Suite("The command line")
struct PlacesCommandTests {
    private func options(_ arguments: [String]) throws -> LaunchOptions {
        try PlacesCommand.parse(arguments).launchOptions()
    }

    @Test("no arguments start on the map with nothing imported")
    func defaults() throws {
        let options = try options([])
        #expect(options.tab == .map)
        #expect(options.files.isEmpty)
        #expect(options.select == nil && options.search == nil && options.screenshot == nil)
        #expect(options.camera == nil)
    }

    @Test("every option reaches the window's start")
    func everyOption() throws {
        let options = try options([
            "--tab", "Places", "--select", "capital-fr-paris", "--search", "san jo",
            "--camera", "48.85,2.35,6", "--screenshot", "/tmp/shot.png", "trip.geojson", "-", "--", "--odd-name.geojson",
        ])
        #expect(options.tab == .places)
        #expect(options.select == "capital-fr-paris")
        #expect(options.search == "san jo")
        #expect(options.screenshot == "/tmp/shot.png")
        #expect(options.camera?.center == Coordinate(latitude: 48.85, longitude: 2.35))
        #expect(options.camera?.zoom == 6)
        #expect(options.files == ["trip.geojson", "-", "--odd-name.geojson"])
    }

    @Test("--check takes the files wherever it stands")
    func check() throws {
        let command = try PlacesCommand.parse(["a.geojson", "--check", "b.geojson"])
        #expect(command.check)
        #expect(command.files == ["a.geojson", "b.geojson"])
    }

    @Test(
        "a bad value is refused with a message naming it",
        arguments: [
            (["--tab", "atlas"], "--tab takes map, places or profile, not atlas"),
            (["--camera", "95,0,3"], "--camera takes LATITUDE,LONGITUDE,ZOOM, not 95,0,3"),
            (["--camera", "48,2"], "--camera takes LATITUDE,LONGITUDE,ZOOM, not 48,2"),
            (["--select"], "Missing value for '--select <id>'"),
            (["--frobnicate"], "Unknown option '--frobnicate'"),
        ]
    )
    func refused(arguments: [String], message: String) {
        #expect(throws: (any Error).self) { try PlacesCommand.parse(arguments) }
        do {
            _ = try PlacesCommand.parse(arguments)
        } catch {
            #expect(PlacesCommand.message(for: error) == message)
            #expect(PlacesCommand.exitCode(for: error) == .validationFailure)
        }
    }

    @Test("places --check in French: the files' problems, the JSON parser's reasons included, are told in French")
    func checkInFrench() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let truncated = folder.appendingPathComponent("truncated.geojson"), empty = folder.appendingPathComponent("empty.kml")
        try Data(#"{"type":"FeatureCollection","features":[1, 2"#.utf8).write(to: truncated)
        try Data().write(to: empty)

        let (process, output) = try Self.places(["--check", truncated.path, empty.path], language: "fr", locale: "fr_FR.UTF-8")
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus == 1)
        #expect(printed == """
            \(truncated.path) : erreur : JSON non valide : ligne 1, colonne 45 : fin de fichier inattendue dans un tableau
            \(empty.path) : erreur : le fichier est vide

            """.replacingOccurrences(of: " :", with: "\u{00A0}:"), "\(printed)")
    }

    @Test("--convert of a file cut short by another program while it is read: a message naming it, status 1, the output as it was; the next run clears what was left")
    func convertInputCutShort() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("big.geojson"), output = folder.appendingPathComponent("out.gpx")
        let features = (0..<200_000).map { #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(Double($0 % 3600) / 10 - 180),45.5]},"properties":{"name":"Place \#($0)"}}"# }
        try Data((#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}").utf8).write(to: input)
        try Data("kept".utf8).write(to: output)

        let (process, _) = try Self.places(["--convert", input.path, output.path])
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Stopped once it writes its output (its input mapped by then), the input emptied under it.
        let writing = Self.wait(until: 120) {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { $0.hasPrefix(".out.gpx.") && $0.hasSuffix(".tmp") }
        }
        try #require(writing && process.isRunning, "the conversion did not start writing")
        kill(process.processIdentifier, SIGSTOP)
        truncate(input.path, 0)
        kill(process.processIdentifier, SIGCONT)
        process.waitUntilExit()

        #expect(process.terminationReason == .exit && process.terminationStatus == 1)
        let printed = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(printed == "\(input.path): error: it became shorter while it was read; \(output.path) is unchanged\n", "\(printed)")
        #expect(try String(contentsOf: output, encoding: .utf8) == "kept")

        try Data(#"{"type":"FeatureCollection","features":[\#(features[0])]}"#.utf8).write(to: input)
        let (again, _) = try Self.places(["--convert", input.path, output.path])
        try again.run()
        again.waitUntilExit()
        #expect(again.terminationStatus == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["big.geojson", "out.gpx"], "the killed run's temporary file is gone")
    }

    /// The `places` built beside the tests, to run with `arguments` in a plain environment; what it prints goes to the pipe.
    private static func places(_ arguments: [String], language: String = "en", locale: String = "C.UTF-8") throws -> (Process, Pipe) {
        let places = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("places")
        try #require(FileManager.default.isExecutableFile(atPath: places.path), "places is not built next to the tests")
        let process = Process()
        process.executableURL = places
        process.arguments = arguments
        process.environment = ["LANGUAGE": language, "LC_ALL": locale, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        return (process, output)
    }

    /// Whether `condition` held within `seconds`, checked every millisecond.
    private static func wait(until seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    @Test("--help lists every option and the environment")
    func help() {
        let help = PlacesCommand.helpMessage()
        for option in ["--check", "--tab", "--select", "--search", "--camera", "--screenshot", "--version", "--help"] {
            #expect(help.contains(option), "\(option) is missing from --help")
        }
        #expect(help.contains("PLACES_DATA_DIR"))
    }
}
