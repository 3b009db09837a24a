/// `places --check FILE...`: validates files without a window, one report per file.
public enum FileCheck {
    /// Reasons printed per file; the rest are counted.
    static let shownReasons = 5

    /// The report for one file, a line each (as the file gave them: `run` escapes them), and whether it was readable.
    public static func report(for path: String) -> (lines: [String], readable: Bool) {
        let shown = FileName.shown(path)
        if TileArchives.isMapFile(path) {
            return mapReport(for: path)
        }
        let file: FileBytes
        do {
            file = try RegularFile.readOnce(path, limit: PlaceFiles.sizeLimit)
        } catch {
            return ([tr("{file}: error: cannot be read: {reason}", ["file": shown, "reason": "\(error)"])], false)
        }
        do {
            // Counted, not kept: a check holds the file and one feature at a time.
            let result = try PlaceFileReader(source: "check").check(file.buffer)
            var lines = ["\(shown): \(result.summary)"]
            lines += result.notes.map { "  " + tr("note: {note}", ["note": $0]) }
            let shown = result.reasons.prefix(Self.shownReasons)
            lines += shown.map { "  " + tr("skipped {reason}", ["reason": $0]) }
            if result.skippedFeatures > shown.count {
                lines.append("  " + tr("… and {count} more skipped", ["count": String(result.skippedFeatures - shown.count)]))
            }
            return (lines, true)
        } catch {
            return ([tr("{file}: error: {reason}", ["file": shown, "reason": "\(error)"])], false)
        }
    }

    /// The report for a map file: "alps.mbtiles: MBTiles map “Alps”, PNG tiles, levels 3–12".
    static func mapReport(for path: String) -> (lines: [String], readable: Bool) {
        let shown = FileName.shown(path)
        do {
            let archive = try TileArchives.open(path, title: shown.split(separator: "/").last.map(String.init) ?? shown)
            let metadata = archive.metadata
            return ([tr("{file}: {kind} map “{name}”, {format} tiles, levels {min}–{max}", [
                "file": shown, "kind": archive is MBTilesArchive ? "MBTiles" : "PMTiles", "name": metadata.name,
                "format": metadata.format == .png ? "PNG" : "JPEG", "min": String(metadata.minZoom), "max": String(metadata.maxZoom),
            ])], true)
        } catch {
            return ([tr("{file}: error: {reason}", ["file": shown, "reason": "\(error)"])], false)
        }
    }

    /// Checks every path, prints the reports, returns the exit status (0 when all were readable).
    public static func run(_ paths: [String], print: (String) -> Void = { Swift.print($0) }) -> Int32 {
        guard !paths.isEmpty else {
            print(tr("places --check: no files given"))
            return 1
        }
        var allReadable = true
        for path in paths {
            let (lines, readable) = report(for: path)
            // File names and values are the files' text: printed escaped, never obeyed by the terminal.
            print(lines.map(TerminalText.escaped).joined(separator: "\n"))
            allReadable = allReadable && readable
        }
        return allReadable ? 0 : 1
    }
}
