import Foundation

extension AppCoordinator {
    /// Shows the bundled places and cities (read off the main thread by the caller).
    public func show(bundled contents: BundledData.Contents, milliseconds: Double) {
        profile.cities = contents.cityDirectory
        map.setBaseCities(contents.cityDirectory.cities)
        add(contents.places.places, from: .bundled)
        didLoad(source: PlaceSource.bundled.title, places: contents.places.places.count,
                skipped: contents.places.skippedFeatures, milliseconds: milliseconds)
    }

    /// Imports GeoJSON files as new sources, reading each off the main thread. A file that cannot be
    /// read is reported and changes nothing; features that were skipped are reported with reasons.
    /// While files load, `activity` says which ("Importing trip.geojson…"); it is nil again once every
    /// import under way (a drop during a restore, say) has finished.
    public func importFiles(_ paths: [String]) async {
        guard !paths.isEmpty else { return }
        runningImports += 1
        defer {
            runningImports -= 1
            if runningImports == 0 { activity.publish(nil) }
        }
        for path in paths {
            let url = URL(fileURLWithPath: path)
            let source = PlaceSource(id: "file:" + url.standardizedFileURL.path, title: url.lastPathComponent, path: url.path)
            activity.publish("Importing \(source.title)…")
            let start = ContinuousClock.now
            let outcome = await Self.read(url, as: source)
            let milliseconds = (ContinuousClock.now - start).milliseconds
            switch outcome {
            case .success(let result):
                add(result.places, from: source)
                didLoad(source: source.title, places: result.places.count, skipped: result.skippedFeatures, milliseconds: milliseconds)
                if result.skippedFeatures > 0 || result.places.isEmpty {
                    report(error: "\(source.title): \(result.summary)" + (result.reasons.isEmpty ? "" : " — " + result.reasons.joined(separator: "; ")))
                }
            case .failure(let error):
                report(error: "Could not import \(source.title): \(error)")
            }
        }
    }

    /// Reads and parses a GeoJSON file on another thread.
    private nonisolated static func read(_ url: URL, as source: PlaceSource) async -> Result<GeoJSONImport, GeoJSONError> {
        await Task.detached(priority: .userInitiated) {
            do {
                let bytes = try Array(Data(contentsOf: url))
                return Result { () throws(GeoJSONError) in try GeoJSONReader(source: source.id).read(bytes) }
            } catch {
                return .failure(.unreadable(error.localizedDescription))
            }
        }.value
    }

    /// Replaces the places of `source` with `places` (adding the source if new).
    func add(_ places: [Place], from source: PlaceSource) {
        var sources = placesModel.sources.filter { $0.id != source.id }
        sources.append(source)
        placesModel.sources = sources
        placesModel.places = placesModel.places.filter { $0.source != source.id } + places
    }

    /// Removes an imported source and its places, and forgets it (and its favourites) in the library.
    public func removeSource(_ id: PlaceSource.ID) {
        guard id != PlaceSource.bundledID else { return }
        placesModel.places = placesModel.places.filter { $0.source != id }
        placesModel.sources = placesModel.sources.filter { $0.id != id }
        forgetSource(id)
    }
}

extension AppCoordinator {
    /// Writes the favourite places as GeoJSON to `path`; failures are reported, nothing is lost.
    public func exportFavourites(to path: String) {
        exportPlaces(placesModel.places.map(\.id).filter(placesModel.favourites.contains), to: path)
    }

    /// Writes the places with `ids` (a list section, a whole source) as GeoJSON to `path`, in that
    /// order; failures are reported, nothing is lost.
    public func exportPlaces(_ ids: [Place.ID], to path: String) {
        let places = ids.compactMap(placesModel.place(withID:))
        do {
            try AtomicFile.write(Data(GeoJSONWriter.write(places).utf8), to: URL(fileURLWithPath: path))
        } catch {
            report(error: "Could not export to \(URL(fileURLWithPath: path).lastPathComponent): \(error)")
        }
    }
}
