import Foundation

/// `places --convert`: a file of places read and written in another format at the same time, a
/// feature at a time, so that neither file nor its places are ever held whole (memory follows one
/// feature and a megabyte of output, not the file): the input is mapped, and its pages are given
/// back as the reader moves past them. Lines and areas are written after the places (GPX wants
/// its tracks last), the file's lists go with each place (a KML Folder, GeoJSON `collections`),
/// and a CSV table's columns are found in a first pass over the file.
enum FileConversion {
    /// What was read and written.
    struct Outcome {
        var tally: ImportTally
        var places: Int
        var shapes: [PlaceShape]
    }

    enum Failure: Error {
        /// The input could not be read: nothing was written.
        case unreadable(ImportError)
        /// The output could not be written.
        case unwritable(any Error)
    }

    /// With `lostPagesMessage`, an input cut short by another program meanwhile ends the process
    /// with that message and status 1 (`MappedFile.exitOnLostPages`), for the command itself.
    static func convert(_ input: String, to output: URL, as format: ExportFormat, lostPagesMessage: String? = nil) throws(Failure) -> Outcome {
        let file: any PassBytes
        do {
            file = try RegularFile.mapOnce(input, limit: PlaceFiles.sizeLimit)
        } catch {
            throw .unreadable(.unreadable(error))
        }
        if let lostPagesMessage, let mapped = file as? MappedFile { mapped.exitOnLostPages(message: lostPagesMessage) }
        let reader = PlaceFileReader(source: "file:" + input, idPrefix: "")
        var columns = CSVWriter.Columns()
        if format == .csv {
            // A first pass for the table's columns; the second reads the file's pages again.
            do {
                _ = try reader.read(file.buffer, reached: file.canReadAgain ? file.release(before:) : { _ in }) { feature in
                    if case .place(let place, let groups) = feature { columns.note(ExportedPlace(place, collections: groups)) }
                }
            } catch {
                throw .unreadable(error)
            }
            file.startOver()
        }
        var failure: ImportError?
        var outcome = Outcome(tally: ImportTally(), places: 0, shapes: [])
        do {
            let title = URL(fileURLWithPath: output.path).deletingPathExtension().lastPathComponent
            try format.write(format.document(title: title, columns: columns), to: output) { document, emit throws(AtomicFile.WriteError) in
                var ids = UniqueIDs(expecting: 0)
                do throws(ImportError) {
                    outcome.tally = try reader.read(file.buffer, reached: file.release(before:)) { feature in
                        switch feature {
                        case .place(var place, let groups):
                            place.id = ids.claim(place.id)
                            document.add(ExportedPlace(place, collections: groups), emit: emit)
                            outcome.places += 1
                        case .shape(let shape):
                            outcome.shapes.append(shape)
                        }
                    }
                } catch {
                    failure = error
                    throw AtomicFile.WriteError(description: "\(error)")
                }
                for index in outcome.shapes.indices {
                    outcome.shapes[index].id = ids.claim(outcome.shapes[index].id)
                    if format.carriesShapes { document.add(outcome.shapes[index], emit: emit) }
                }
                document.finish(emit: emit)
            }
        } catch {
            if let failure { throw .unreadable(failure) }
            throw .unwritable(error)
        }
        return outcome
    }
}
