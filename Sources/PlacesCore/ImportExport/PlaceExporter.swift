import Foundation

/// Writes the places of a list section to a file the person chose, in the format they chose
/// (`ExportFormat`), with their notes, favourites and collections. The file is written off the main
/// thread, with the saves, and replaced atomically; a failure loses nothing.
@MainActor
final class PlaceExporter {
    private let model: PlacesModel
    private let saves: SaveQueue
    private let numbers: LocalizedNumbers

    init(model: PlacesModel, saves: SaveQueue, numbers: LocalizedNumbers) {
        self.model = model
        self.saves = saves
        self.numbers = numbers
    }

    /// Writes the places of `export` to `path` in `format`, after the saves under way; `done` hears
    /// what the person should be told once it is written. The file name gets the format's extension
    /// ("trip.geojson" written as GPX is "trip.gpx"); a file of that other name is never replaced, as
    /// the person did not confirm replacing it.
    func write(_ export: SectionExport, to path: String, as format: ExportFormat, then done: @escaping @MainActor (Message) -> Void) {
        let places = exported(export.placeIDs)
        let shapes = format.carriesShapes ? export.shapeIDs.compactMap(model.shape(withID:)) : []
        let leftOut = format.carriesShapes ? 0 : export.shapeIDs.count
        let chosen = URL(fileURLWithPath: path)
        let url = chosen.deletingLastPathComponent().appendingPathComponent(format.fileName(chosen.lastPathComponent))
        let file = url.lastPathComponent
        let numbers = self.numbers
        saves.run({ () -> Result<Void, any Error> in
            if url != chosen, FileManager.default.fileExists(atPath: url.path) { return .failure(ExportError.renamedFileExists) }
            return Result { try Self.write(places, shapes: shapes, document: export.document, to: url.path, as: format) }
        }) { result in
            switch result {
            case .success:
                done(.notice(Notice(Self.message(places: places.count, shapes: shapes, leftOut: leftOut, file: file, format: format, numbers: numbers))))
            case .failure(ExportError.renamedFileExists):
                done(.error(tr("Not exported: {file} exists already, and a {format} file takes that name. Export again to choose whether to replace it.",
                               ["file": file, "format": format.name])))
            case .failure(let error):
                done(.error(tr("Could not export to {file}: {reason}.", ["file": file, "reason": "\(error)"])))
            }
        }
    }

    /// "Exported 3 places and 2 lines to walk.gpx"; with lines or areas CSV cannot hold, what was left out.
    nonisolated static func message(places: Int, shapes: [PlaceShape], leftOut: Int, file: String, format: ExportFormat, numbers: LocalizedNumbers) -> String {
        let lines = shapes.count { $0.kind == .line }, areas = shapes.count - lines
        var parts = [trPlural("{count} place", "{count} places", count: places, ["count": numbers.count(places)])]
        if lines > 0 { parts.append(trPlural("{count} line", "{count} lines", count: lines, ["count": numbers.count(lines)])) }
        if areas > 0 { parts.append(trPlural("{count} area", "{count} areas", count: areas, ["count": numbers.count(areas)])) }
        let what = parts.count == 1 ? parts[0] : tr("{first} and {last}", ["first": parts.dropLast().joined(separator: ", "), "last": parts.last!])
        let message = tr("Exported {what} to {file}", ["what": what, "file": file])
        guard leftOut > 0 else { return message }
        return message + " " + trPlural("({count} line or area left out: {format} holds places only)", "({count} lines and areas left out: {format} holds places only)",
                                        count: leftOut, ["count": numbers.count(leftOut), "format": format.name])
    }

    private enum ExportError: Error {
        case renamedFileExists
    }

    /// The places with `ids`, with their favourite flag and their collections' names.
    private func exported(_ ids: [Place.ID]) -> [ExportedPlace] {
        var collections: [Place.ID: [String]] = [:]
        for collection in model.collections {
            for member in collection.members { collections[member, default: []].append(collection.name) }
        }
        return ids.compactMap(model.places.place(withID:)).map {
            ExportedPlace($0, isFavourite: model.favourites.contains($0.id), collections: collections[$0.id] ?? [])
        }
    }

    nonisolated static func write(_ places: [Place], to path: String) throws {
        try write(places.map { ExportedPlace($0) }, to: path)
    }

    /// Writes `places` to `path` in the format its name asks for (GeoJSON for a name Places does not
    /// know), or in `format`. Safe off the main thread.
    nonisolated static func write(_ places: [ExportedPlace], shapes: [PlaceShape] = [], document: SourceDocument? = nil, to path: String,
                                  as format: ExportFormat? = nil) throws {
        let url = URL(fileURLWithPath: path)
        let format = format ?? ExportFormat(fileName: url.lastPathComponent) ?? .geoJSON
        try format.write(places, shapes: shapes, title: url.deletingPathExtension().lastPathComponent, document: document, to: url)
    }
}
