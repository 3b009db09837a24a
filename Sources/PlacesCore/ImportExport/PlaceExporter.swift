import Foundation

/// Writes the places of a list section to a file the person chose, in the format its name asks for:
/// GPX waypoints for `.gpx`, KML for `.kml`, GeoJSON otherwise. The file is written off the main
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

    /// Writes the places of `export` to `path`, after the saves under way; `done` hears what the
    /// person should be told once it is written.
    func write(_ export: SectionExport, to path: String, then done: @escaping @MainActor (Message) -> Void) {
        let places = exported(export.placeIDs)
        let file = URL(fileURLWithPath: path).lastPathComponent
        let numbers = self.numbers
        saves.run({ Result { try Self.write(places, to: path) } }) { result in
            switch result {
            case .success:
                done(.notice(Notice(trPlural("Exported {count} place to {file}", "Exported {count} places to {file}", count: places.count,
                                             ["count": numbers.count(places.count), "file": file]))))
            case .failure(let error):
                done(.error(tr("Could not export to {file}: {reason}.", ["file": file, "reason": "\(error)"])))
            }
        }
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

    /// Writes `places` to `path` in the format its name asks for. Safe off the main thread.
    nonisolated static func write(_ places: [ExportedPlace], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let text = switch url.pathExtension.lowercased() {
        case "gpx": GPXWriter.write(places)
        case "kml": KMLWriter.write(places, title: url.deletingPathExtension().lastPathComponent)
        default: GeoJSONWriter.write(places)
        }
        try AtomicFile.write(Data(text.utf8), to: url)
    }
}
