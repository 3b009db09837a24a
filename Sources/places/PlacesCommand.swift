import ArgumentParser
import Foundation
import PlacesCore
import PlacesGtk

/// `places`' command line, read by swift-argument-parser, which also writes `--help` and the man page
/// (`make man`) from the declarations below.
struct PlacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places",
        abstract: "Explore places on an offline world map.",
        discussion: """
            Places shows capitals, cities, airports and research stations on an offline world map, with \
            a searchable list and a card for each place. FILEs are GeoJSON, GPX, KML, KMZ or CSV files of \
            places, imported as place sources, or MBTiles and PMTiles maps, drawn over the base map (or \
            only checked, with --check); a geo: link (places geo:48.8584,2.2945) or a map link shows that \
            point's card. When Places is already running, they are handed to it.

            ENVIRONMENT: PLACES_DATA_DIR overrides where the bundled map and places are read from \
            (by default PREFIX/share/places beside the installed binary). PLACES_TRACE=FILE appends one \
            JSON line per coordinator event, for tests and benchmarks.
            """,
        version: "places \(PlacesApplication.version)"
    )

    @Argument(help: ArgumentHelp("Files of places (GeoJSON, GPX, KML, KMZ, CSV) to import, maps (MBTiles, PMTiles) to show, or geo: links to show.", valueName: "file"))
    var files: [String] = []

    @Flag(help: "Check the FILEs without opening a window: print what each holds, exit with status 1 if any cannot be read.")
    var check = false

    @Option(name: .customLong("export"), help: ArgumentHelp(
        "Without opening a window, write the whole library (your places, favourites, collections and the places of the files you imported) to this file, in the format its name asks for: .geojson, .gpx, .kml, .kmz or .csv.",
        valueName: "file"
    ))
    var exportFile: String?

    @Option(name: .customLong("backup"), help: ArgumentHelp(
        "Without opening a window, back up every place into this file: a zip archive of your library and a copy of each file you imported, which Restore… in the main menu reads back.",
        valueName: "file"
    ))
    var backupFile: String?

    @Option(parsing: .upToNextOption, help: ArgumentHelp(
        "Without opening a window, convert the file of places INPUT into OUTPUT, in the format OUTPUT's name asks for (.geojson, .gpx, .kml, .kmz or .csv).",
        valueName: "input output"
    ))
    var convert: [String] = []

    @Option(help: ArgumentHelp("Start on this tab: map, places or profile.", valueName: "name"))
    var tab: String = Tab.map.rawValue

    @Option(help: ArgumentHelp("Start with the place of this id selected and its card shown.", valueName: "id"))
    var select: String?

    @Option(help: ArgumentHelp("Start with this text in the Places tab's search.", valueName: "text"))
    var search: String?

    @Option(help: ArgumentHelp("Start with the map centred here, at this zoom (0–18).", valueName: "lat,lon,zoom"))
    var camera: String?

    @Option(name: .customLong("tile-url"), help: ArgumentHelp(
        "For this run, show online tiles from this server (https://…/{z}/{x}/{y}.png, optionally {s}); the Online Tiles preference is kept.",
        valueName: "template"
    ))
    var tileURL: String?

    @Option(help: ArgumentHelp("Write a PNG picture of the window once it is drawn, then quit.", valueName: "png"))
    var screenshot: String?

    /// The window's start, as the options describe it.
    func launchOptions() throws -> LaunchOptions {
        var options = LaunchOptions()
        options.files = files
        options.screenshot = screenshot
        options.select = select
        options.search = search
        guard let tab = Tab(rawValue: tab.lowercased()) else {
            throw ValidationError("--tab takes map, places or profile, not \(tab)")
        }
        options.tab = tab
        if let tileURL {
            do {
                options.tileURL = try TileURLTemplate(tileURL).text
            } catch {
                throw ValidationError("--tile-url \(tileURL): \(error)")
            }
        }
        if let camera {
            let numbers = camera.split(separator: ",").compactMap { Double($0) }
            guard numbers.count == 3, Coordinate(latitude: numbers[0], longitude: numbers[1]).isValid else {
                throw ValidationError("--camera takes LATITUDE,LONGITUDE,ZOOM, not \(camera)")
            }
            options.camera = (Coordinate(latitude: numbers[0], longitude: numbers[1]), numbers[2])
        }
        return options
    }

    /// `files` as the command line gave them, byte for byte (`FileName`): the arguments reach the
    /// parser decoded, with U+FFFD in place of bytes that are not UTF-8, and by that name the file
    /// cannot be opened. Each is matched, in order, to the raw argument it was decoded from.
    static func withTheirBytes(_ files: [String]) -> [String] {
        var raw = (1..<Int(CommandLine.argc)).compactMap { index in CommandLine.unsafeArgv[index].map { FileName.string(UnsafePointer($0)) } }[...]
        return files.map { file in
            guard file.unicodeScalars.contains("\u{FFFD}"),
                  let match = raw.firstIndex(where: { String(decoding: FileName.bytes($0), as: UTF8.self) == file }) else { return file }
            let original = raw[match]
            raw = raw[raw.index(after: match)...]
            return original
        }
    }

    func validate() throws {
        _ = try launchOptions()
        guard convert.isEmpty || convert.count == 2 else {
            throw ValidationError("--convert takes two files, INPUT and OUTPUT, not \(convert.count)")
        }
    }

    func run() throws {
        Localization.start(localeDirectory: Localization.localeDirectory())
        let files = Self.withTheirBytes(files)
        if check { throw ExitCode(FileCheck.run(files)) }
        if let exportFile {
            throw ExitCode(CommandLineExport.exportLibrary(paths: .current(), bundled: BundledData.locate(), to: Self.withTheirBytes([exportFile])[0]))
        }
        if let backupFile {
            throw ExitCode(CommandLineExport.backUp(paths: .current(), to: Self.withTheirBytes([backupFile])[0]))
        }
        if convert.count == 2 {
            let files = Self.withTheirBytes(convert)
            throw ExitCode(CommandLineExport.convert(files[0], to: files[1], exitingIfInputShrinks: true))
        }
        var options = try launchOptions()
        options.files = files
        Self.openWindow(options)
    }

    /// Runs the window with `options` until it closes, then exits with its status (after `Localization.start`).
    static func openWindow(_ options: LaunchOptions) -> Never {
        RendererChoice.apply()
        // The GLib main loop owns the main thread from here on; MainLoopBridge runs main-actor work in it.
        let status = MainActor.assumeIsolated { PlacesApplication(options: options).run() }
        Foundation.exit(status)
    }
}
