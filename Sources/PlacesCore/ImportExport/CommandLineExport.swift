import Foundation

/// `places --export FILE` and `places --convert INPUT OUTPUT`, for scripts and backups: the whole
/// library, or one file of places, written in the format the output's name asks for, by the same
/// writers as the window's exports, without a window. Each prints what it wrote, or why not.
public enum CommandLineExport {
    /// Writes the library kept under `paths` to `output`: the person's own places, every place and
    /// line of the files they imported (read again now), and the bundled places that are favourites
    /// or in a collection, each with its favourite flag and collections. Returns the exit status: 1
    /// when the output cannot be written, or when a remembered file cannot be read (what could be
    /// read is written all the same, and the file is named).
    public static func exportLibrary(paths: UserDataPaths, bundled: BundledData?, to output: String, print: (String) -> Void = { Swift.print($0) }) -> Int32 {
        guard let format = format(of: output, print: print) else { return 1 }
        guard let library = library(in: paths, option: "--export", print: print) else { return 1 }
        var places = library.places.map(\.place)
        var shapes: [PlaceShape] = []
        var status: Int32 = 0
        for source in library.sources {
            guard let path = source.path else { continue }
            switch PlaceFileReader.read(path: path, source: source.id) {
            case .success(let result):
                places += result.places
                shapes += result.shapes
            case .failure(let error):
                print(TerminalText.escaped(tr("{file}: error: cannot be read ({reason}); its places are not in the export", ["file": FileName.shown(path), "reason": "\(error)"])))
                status = 1
            }
        }
        let listed = Set(library.favourites).union(library.collections.flatMap(\.members))
        if !listed.isEmpty, let bundled, let map = try? bundled.loadMap() {
            places += map.places.places.filter { listed.contains($0.id) }
        }
        let written = write(places, shapes: shapes, favourites: Set(library.favourites), collections: library.collections, to: output, as: format, print: print)
        return written ? status : 1
    }

    /// Writes a backup of the library kept under `paths` to `output` (`LibraryBackup`), as the main
    /// menu's Back Up All Places… does. Returns the exit status: 1 when the library cannot be read or
    /// the backup cannot be written; a remembered file that is missing is named, and the rest backed up.
    public static func backUp(paths: UserDataPaths, to output: String, print: (String) -> Void = { Swift.print($0) }) -> Int32 {
        guard let library = library(in: paths, option: "--backup", print: print) else { return 1 }
        do {
            let contents = try LibraryBackup.write(library, to: URL(fileURLWithPath: output))
            print(TerminalText.escaped(LibraryBackups.backedUp(contents, file: output, numbers: LocalizedNumbers(locale: .current))))
            return 0
        } catch {
            print(TerminalText.escaped(error.description))
            return 1
        }
    }

    /// Converts the file of places at `input` into `output`, in the format its name asks for. The
    /// input is mapped, not read whole; with `exitingIfInputShrinks`, for the command itself, an
    /// input cut short by another program meanwhile ends the process with a message and status 1
    /// (without it, with SIGBUS).
    public static func convert(_ input: String, to output: String, exitingIfInputShrinks: Bool = false,
                               print: (String) -> Void = { Swift.print($0) }) -> Int32 {
        guard let format = format(of: output, print: print) else { return 1 }
        guard !TileArchives.isMapFile(input) else {
            print(TerminalText.escaped(tr("{file}: error: it is a map, not a file of places", ["file": FileName.shown(input)])))
            return 1
        }
        // What a conversion killed midway left beside the output.
        AtomicFile.removeStaleTemporaryFiles(of: URL(fileURLWithPath: output))
        let file = FileName.shown(output)
        let outcome: FileConversion.Outcome
        do throws(FileConversion.Failure) {
            let lost = TerminalText.escaped(tr("{file}: error: it became shorter while it was read; {output} is unchanged",
                                               ["file": FileName.shown(input), "output": FileName.shown(output)]))
            outcome = try FileConversion.convert(input, to: URL(fileURLWithPath: output), as: format, lostPagesMessage: exitingIfInputShrinks ? lost : nil)
        } catch {
            switch error {
            case .unreadable(let reason): print(TerminalText.escaped(tr("{file}: error: {reason}", ["file": FileName.shown(input), "reason": "\(reason)"])))
            case .unwritable(let reason): print(TerminalText.escaped(tr("{file}: error: cannot be written: {reason}", ["file": file, "reason": "\(reason)"])))
            }
            return 1
        }
        let tally = outcome.tally
        let notes = tally.notes.map { "  " + tr("note: {note}", ["note": $0]) }
            + tally.reasons.prefix(FileCheck.shownReasons).map { "  " + tr("skipped {reason}", ["reason": $0]) }
        if !notes.isEmpty {
            for line in ["\(FileName.shown(input)): \(tally.summary)"] + notes { print(TerminalText.escaped(line)) }
        }
        let shapes = format.carriesShapes ? outcome.shapes : []
        print(TerminalText.escaped(PlaceExporter.message(places: outcome.places, shapes: shapes, leftOut: format.carriesShapes ? 0 : outcome.shapes.count,
                                                         file: file, format: format, numbers: LocalizedNumbers(locale: .current))))
        return 0
    }

    /// The library kept under `paths` (none kept: an empty one), its notice printed; nil, with the
    /// reason printed after the `option` that asked, when it cannot be read.
    private static func library(in paths: UserDataPaths, option: String, print: (String) -> Void) -> Library? {
        do {
            let loaded = try FileLibraryStore(folder: paths.data).load()
            if let notice = loaded.notice { print(TerminalText.escaped(notice)) }
            return loaded.value ?? .empty
        } catch {
            print(TerminalText.escaped(tr("places {option}: error: {reason}", ["option": option, "reason": "\(error)"])))
            return nil
        }
    }

    /// The format `output`'s name asks for; nil, with the reason printed, for a name that asks for none.
    private static func format(of output: String, print: (String) -> Void) -> ExportFormat? {
        if let format = ExportFormat(fileName: output) { return format }
        print(TerminalText.escaped(tr("{file}: error: Places writes .geojson, .gpx, .kml, .kmz and .csv files, and the name ends in none of them",
                                      ["file": FileName.shown(output)])))
        return nil
    }

    private static func write(
        _ places: [Place], shapes: [PlaceShape], favourites: Set<Place.ID>, collections: [PlaceCollection], to output: String, as format: ExportFormat,
        print: (String) -> Void
    ) -> Bool {
        var names: [Place.ID: [String]] = [:]
        for collection in collections {
            for member in collection.members { names[member, default: []].append(collection.name) }
        }
        let exported = places.map { ExportedPlace($0, isFavourite: favourites.contains($0.id), collections: names[$0.id] ?? []) }
        let file = FileName.shown(output)
        do {
            try PlaceExporter.write(exported, shapes: format.carriesShapes ? shapes : [], to: output, as: format)
        } catch {
            print(TerminalText.escaped(tr("{file}: error: cannot be written: {reason}", ["file": file, "reason": "\(error)"])))
            return false
        }
        print(TerminalText.escaped(PlaceExporter.message(places: places.count, shapes: format.carriesShapes ? shapes : [], leftOut: format.carriesShapes ? 0 : shapes.count,
                                                         file: file, format: format, numbers: LocalizedNumbers(locale: .current))))
        return true
    }
}
