import Foundation
@testable import PlacesCore
import Testing

/// `places --export FILE` and `places --convert INPUT OUTPUT`, run as functions with what they print.
@Suite("Exporting and converting from the command line")
struct CommandLineExportTests {
    private static let trip = #"""
        {"type":"FeatureCollection","features":[
          {"type":"Feature","id":"a","geometry":{"type":"Point","coordinates":[16.3725,48.2084]},"properties":{"name":"Café Central"}},
          {"type":"Feature","id":"w","geometry":{"type":"LineString","coordinates":[[16.37,48.2],[16.38,48.21]]},"properties":{"name":"Ring"}}
        ]}
        """#

    /// A data home with a library: an own place with notes in a collection, a favourite bundled
    /// place, a favourite of an imported file, and a remembered file that is gone.
    private func library(in folder: TemporaryDirectory, trip: URL) throws -> UserDataPaths {
        let paths = UserDataPaths(config: folder.url.appendingPathComponent("config"), data: folder.url.appendingPathComponent("data"))
        try FileManager.default.createDirectory(at: paths.data, withIntermediateDirectories: true)
        let source = "file:" + trip.standardizedFileURL.path
        let json = """
            {"version":2,"library":{"favourites":["capital-fr-paris","\(source)/a"],
             "sources":[{"id":"\(source)","path":"\(trip.path)","title":"trip.geojson"},
                        {"id":"file:/nowhere/gone.gpx","path":"/nowhere/gone.gpx","title":"gone.gpx"}],
             "places":[{"id":"mine/1","name":"Picnic","kind":"picnic site","latitude":45.8,"longitude":4.9,"notes":"Bring cash."}],
             "collections":[{"id":"c","name":"Weekend","members":["mine/1"]}]}}
            """
        try json.write(to: paths.data.appendingPathComponent("library.json"), atomically: true, encoding: .utf8)
        return paths
    }

    @Test("--backup writes a zip of the library and each imported file there is; it reads back the same, the missing file named")
    func backUp() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try folder.write(Self.trip, to: "trip.geojson")
        let paths = try library(in: folder, trip: trip)
        let output = folder.file("backup.zip").path
        var printed: [String] = []
        #expect(CommandLineExport.backUp(paths: paths, to: output) { printed.append($0) } == 0)
        #expect(printed == ["Backed up 1 place of your own, 1 imported file and 1 collection to \(output); 1 file is missing and not in it: gone.gpx"])
        #expect(try folder.contents().filter { $0.hasSuffix(".tmp") }.isEmpty, "no temporary file left")

        let restored = try LibraryBackup.read(URL(fileURLWithPath: output), unpackingInto: folder.file("restored"))
        let original = try #require(try FileLibraryStore(folder: paths.data).load().value)
        #expect(restored.library.places == original.places && restored.library.collections == original.collections)
        #expect(restored.library.favourites == original.favourites, "the file is unchanged where it was: its ids stay")
        #expect(restored.files.map(\.source.path) == [trip.path])
        #expect(restored.missing == ["gone.gpx"])
        #expect(!FileManager.default.fileExists(atPath: folder.file("restored").path), "nothing unpacked that was there already")

        #expect(CommandLineExport.backUp(paths: paths, to: folder.file("no/such/folder/b.zip").path) { printed.append($0) } == 1)
        #expect(printed.last == "Could not back up to b.zip: the folder \(folder.file("no/such/folder").path) does not exist.")
    }

    @Test("--export writes own places, imported files' places and lines, and bundled favourites; a remembered file that is gone is named, status 1")
    func exportLibrary() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try folder.write(Self.trip, to: "trip.geojson")
        let paths = try library(in: folder, trip: trip)
        let output = folder.file("backup.geojson")
        var printed: [String] = []
        let status = CommandLineExport.exportLibrary(paths: paths, bundled: BundledData(directory: SourceTree.dataDirectory),
                                                     to: output.path) { printed.append($0) }
        #expect(status == 1, "a remembered file could not be read")
        #expect(printed.first == "/nowhere/gone.gpx: error: cannot be read (it does not exist); its places are not in the export")
        #expect(printed.last == "Exported 3 places and 1 line to \(output.path)")
        let read = try PlaceFileReader(source: "s").read(Array(try Data(contentsOf: output)))
        #expect(Set(read.places.map(\.name)) == ["Picnic", "Café Central", "Paris"])
        let picnic = try #require(read.places.first { $0.name == "Picnic" })
        #expect(picnic.summary == "Bring cash." && picnic.properties["collections#1"] == nil)
        #expect(read.groups.names == ["Weekend"] && read.groups.members(of: "Weekend") == [picnic.id], "the collection comes back as the file's list")
        #expect(read.places.first { $0.name == "Paris" }?.properties["favourite"] == "true")
        #expect(read.places.first { $0.name == "Café Central" }?.properties["favourite"] == "true")
        #expect(read.shapes.map(\.name) == ["Ring"])
    }

    @Test("--convert writes the input's places and lines in the output's format, status 0; a name with no format or a missing input: status 1 and why")
    func convert() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let trip = try folder.write(Self.trip, to: "trip.geojson")
        var printed: [String] = []
        let output = folder.file("trip.kml")
        #expect(CommandLineExport.convert(trip.path, to: output.path) { printed.append($0) } == 0)
        #expect(printed == ["Exported 1 place and 1 line to \(output.path)"])
        let read = try PlaceFileReader(source: "s").read(Array(try Data(contentsOf: output)))
        #expect(read.places.map(\.name) == ["Café Central"] && read.shapes.map(\.name) == ["Ring"])

        printed = []
        #expect(CommandLineExport.convert(trip.path, to: folder.file("trip.txt").path) { printed.append($0) } == 1)
        #expect(printed == ["\(folder.file("trip.txt").path): error: Places writes .geojson, .gpx, .kml, .kmz and .csv files, and the name ends in none of them"])
        printed = []
        #expect(CommandLineExport.convert(folder.file("none.gpx").path, to: output.path) { printed.append($0) } == 1)
        #expect(printed == ["\(folder.file("none.gpx").path): error: it does not exist"])
    }

    @Test("--convert streams: a file broken near its end leaves the output as it was; an OsmAnd file's groups become KML Folders; a CSV gets every column")
    func convertStreams() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let output = try folder.write("kept", to: "out.gpx")
        let broken = try folder.write(String(Self.trip.dropLast(4)), to: "broken.geojson")
        var printed: [String] = []
        #expect(CommandLineExport.convert(broken.path, to: output.path) { printed.append($0) } == 1)
        #expect(printed.first?.hasPrefix("\(broken.path): error: not valid JSON") == true, "\(printed)")
        #expect(try String(contentsOf: output, encoding: .utf8) == "kept", "what was there is untouched")
        #expect(try folder.contents().allSatisfy { !$0.hasSuffix(".tmp") }, "no temporary file left")

        let osmand = try folder.write(try SourceTree.fixture("apps/osmand-favourites.gpx"), to: "favourites.gpx")
        for format in ExportFormat.allCases {
            let out = folder.file("favourites.\(format.fileExtension)")
            printed = []
            #expect(CommandLineExport.convert(osmand.path, to: out.path) { printed.append($0) } == 0, "\(format.name): \(printed)")
            let read = try PlaceFileReader(source: "s").read(Array(try Data(contentsOf: out)))
            #expect(read.places.map(\.name) == ["Fourvière esplanade", "Halles Paul Bocuse"], "\(format.name)")
            #expect(read.groups.names == ["Lyon", "Food"], "\(format.name): the groups stay lists")
            if format == .kml {
                let text = try String(contentsOf: out, encoding: .utf8)
                #expect(text.contains("<Folder><name>Lyon</name>") && text.contains("<Folder><name>Food</name>"), "\(text)")
            }
            if format == .csv {
                let header = try String(contentsOf: out, encoding: .utf8).components(separatedBy: "\r\n")[0]
                #expect(header.contains("extensions.color") && header.contains("extensions.address"), "\(header)")
            }
        }
        #expect(try folder.contents().allSatisfy { !$0.hasSuffix(".tmp") }, "no temporary file left")
    }
}
