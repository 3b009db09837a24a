import Foundation
import PlacesCore
import Testing

/// Finding and loading the data that ships with the app.
@Suite("Bundled data")
struct BundledDataTests {
    /// Creates `world.bin` (empty is enough for locating) in `folder`.
    private func makeDataFolder(_ folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("world.bin").path, contents: Data())
    }

    @Test("PLACES_DATA_DIR wins when set and not empty")
    func environmentOverride() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try makeDataFolder(folder.file("prefix/share/places"))
        let executable = folder.file("prefix/bin/places")

        let overridden = BundledData.locate(executable: executable, environment: ["PLACES_DATA_DIR": "/opt/places-data"])
        #expect(overridden?.directory.path == "/opt/places-data")

        let ignored = BundledData.locate(executable: executable, environment: ["PLACES_DATA_DIR": ""])
        #expect(ignored?.directory.standardizedFileURL.path == folder.file("prefix/share/places").standardizedFileURL.path)
    }

    @Test("an installed binary finds share/places under its prefix")
    func installedPrefix() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try makeDataFolder(folder.file("usr/share/places"))
        let found = BundledData.locate(executable: folder.file("usr/bin/places"), environment: [:])
        #expect(found?.directory.standardizedFileURL.path == folder.file("usr/share/places").standardizedFileURL.path)
    }

    @Test("a binary in a build folder finds the source tree's data folder")
    func sourceTree() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try makeDataFolder(folder.file("repo/data"))
        let executable = folder.file("repo/.build/x86_64-unknown-linux-gnu/debug/places")
        let found = BundledData.locate(executable: executable, environment: [:])
        #expect(found?.directory.standardizedFileURL.path == folder.file("repo/data").standardizedFileURL.path)
    }

    @Test("without data anywhere near, nothing is found")
    func nothingFound() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let executable = folder.file("a/b/c/d/e/f/g/bin/places")
        #expect(BundledData.locate(executable: executable, environment: [:]) == nil)
    }

    @Test("a build of this repository finds the real data folder")
    func thisRepository() throws {
        let repository = SourceTree.dataDirectory.deletingLastPathComponent()
        let found = BundledData.locate(executable: repository.appendingPathComponent(".build/debug/places"), environment: [:])
        #expect(found?.directory.standardizedFileURL.path == SourceTree.dataDirectory.standardizedFileURL.path)
    }

    @Test("the running binary is found by its real path, not by how it was started")
    func currentExecutable() throws {
        let executable = BundledData.currentExecutable
        #expect(executable.path.hasPrefix("/"))
        #expect(FileManager.default.isExecutableFile(atPath: executable.path))
        let started = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        if CommandLine.arguments[0].hasPrefix("/") {
            #expect(executable.standardizedFileURL.path == started.standardizedFileURL.path)
        }
    }

    @Test("the real bundled data loads: over 1,000 places in several categories, thousands of cities, four map layers")
    func loadsRealData() throws {
        let contents = try BundledData(directory: SourceTree.dataDirectory).load()

        #expect(contents.places.places.count >= 1000)
        #expect(contents.places.skippedFeatures == 0)
        #expect(contents.places.places.allSatisfy { $0.coordinate.isValid && $0.source == PlaceSource.bundledID })
        #expect(Set(contents.places.places.map(\.id)).count == contents.places.places.count)
        let categories = Set(contents.places.places.map(\.category))
        #expect(categories.isSuperset(of: [.capital, .city, .airport, .station]))

        #expect(contents.cities.count >= 5000)
        #expect(contents.cities.contains { $0.name == "Zürich" })
        #expect(CityDirectory(contents.cities).suggestions(for: "lyon").first?.country == "France")
        #expect(CityDirectory(contents.cities).suggestions(for: "lyon").first?.displayName == "Lyon, France")

        #expect(contents.worldMap.layers.map(\.kind) == [.land, .land, .borders, .borders])
        #expect(contents.worldMap.layers(.land, atZoom: 1).count == 1)
        #expect(contents.worldMap.layers(.borders, atZoom: 12).count == 1)
    }

    @Test("the bundled detail adds 1:10m land from zoom 5, provinces from 4 and rivers from 3, and takes over from the coarser land")
    func loadsDetail() throws {
        let data = BundledData(directory: SourceTree.dataDirectory)
        let map = try data.loadMap().worldMap.adding(data.loadDetail())
        #expect(map.layers(.land, atZoom: 4).first?.zoomRange.lowerBound == 3, "1:50m land up to zoom 4")
        let fine = try #require(map.layers(.land, atZoom: 9).first)
        #expect(fine.zoomRange.lowerBound == 5 && fine.paths.count > 500, "1:10m land cut along zoom 5 tiles")
        #expect(map.layers(.provinces, atZoom: 3).isEmpty && !map.layers(.provinces, atZoom: 4).isEmpty)
        #expect(!map.layers(.rivers, atZoom: 3).isEmpty && !map.layers(.rivers, atZoom: 12).isEmpty)
        let points = map.layers.flatMap(\.paths).reduce(0) { $0 + $1.rings.reduce(0) { $0 + $1.count } }
        #expect(points > 1_000_000)
        // Lake Geneva is water at zoom 9: a hole in the land there.
        let geneva = WebMercator.project(Coordinate(latitude: 46.45, longitude: 6.55))
        #expect(fine.paths.contains { $0.bounds.contains(geneva) })
    }

    @Test("same-named cities of one country are told apart by their state, each suggestion different")
    func springfields() throws {
        let directory = CityDirectory(try BundledData(directory: SourceTree.dataDirectory).load().cities)
        let names = directory.suggestions(for: "Springfield").map(\.displayName)
        #expect(names.count == 5)
        #expect(Set(names).count == names.count)
        #expect(names.contains("Springfield, Illinois, United States"))
        #expect(names.contains("Springfield, Massachusetts, United States"))
        #expect(directory.city(named: "springfield, illinois, united states")?.coordinate.latitude == 39.82)
        #expect(directory.city(named: "Springfield, United States") == nil, "which one is not said")
    }

    @Test("a data folder with a missing file fails to load with the file's path")
    func missingFile() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try makeDataFolder(folder.url)
        let error = #expect(throws: (any Error).self) { try BundledData(directory: folder.url).load() }
        #expect("\(error.map { "\($0)" } ?? "")" == folder.file("places.geojson").path + ": it does not exist")
    }
}
