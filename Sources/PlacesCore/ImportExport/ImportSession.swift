import Multicast

/// The imports under way, from the files' paths to the places in the model and the message at the
/// end. A file read for the first time is added portion by portion as it is read (so its places show
/// while the rest loads), the favourites remembered among them marked, and becomes one step of the
/// undo history; one imported again keeps its places until the new ones are all read, then changes
/// in one step. A file that cannot be read, or whose import is cancelled, leaves nothing behind.
@MainActor
final class ImportSession {
    let delegates = MulticastDelegate<any ImportSessionDelegate>()
    /// The file being read and how far it has got; nil when nothing is.
    private(set) var activity: ImportActivity?

    private let model: PlacesModel
    private let editor: PlacesEditor
    private let library: LibraryKeeper
    private let files: PlaceFiles
    private let numbers: LocalizedNumbers
    private let trace: ModelTrace?
    /// Imports under way: a file dropped while the remembered ones are read runs beside them.
    private var running = 0

    /// `freeMemory` says how much memory is free for a file's places (see `PlaceFiles`).
    init(model: PlacesModel, editor: PlacesEditor, library: LibraryKeeper, pacer: any FramePacing, numbers: LocalizedNumbers, trace: ModelTrace?,
         freeMemory: @escaping @MainActor () -> Int64? = AvailableMemory.bytes) {
        self.model = model
        self.editor = editor
        self.library = library
        self.numbers = numbers
        self.trace = trace
        files = PlaceFiles(pacer: pacer, freeMemory: freeMemory)
    }

    /// Imports the files of `sources`, in order, and returns what the person should be told: for one
    /// file, what it brought and skipped (`ImportReport`); for several, one message for them all
    /// (`ImportBatchReport`); only errors when not `undoable` (files the app restores by itself are
    /// not news); and what a cancel left out. `undoable`: the person asked for it, so each file is a
    /// step of the undo history. What `PlaceFiles` hands over together goes into the model in one change.
    func importFiles(_ sources: [PlaceSource], undoable: Bool) async -> [Message] {
        running += 1
        defer {
            running -= 1
            if running == 0 { show(nil) }
        }
        var messages: [Message] = []
        var batch = sources.count > 1 && undoable ? ImportBatchReport(numbers: numbers) : nil
        if sources.count > 1 { library.batchWillStart() }
        defer { if sources.count > 1 { library.batchDidEnd() } }
        var file = FileImport()
        let skipped = await files.read(sources) { deliveries in model.batch { for delivery in deliveries {
            switch delivery {
            case .started(let source):
                file = FileImport(source: source, replacing: model.hasSource(source.id))
                if !file.replacing { library.importWillStart(source.id) }
            case .progress(let activity):
                show(activity)
            case .places(let places, let source, let more):
                if file.replacing {
                    file.held += places
                } else {
                    file.streamed = true
                    editor.importPortion(places, from: source, favourites: library.rememberedFavourites(among: places), expectingMore: more)
                }
            case .finished(let reading):
                if batch != nil {
                    batch?.add(reading, message: finish(reading, file, undoable: undoable))
                } else if let message = finish(reading, file, undoable: undoable) {
                    messages.append(message)
                }
                library.importDidEnd(reading.source)
                file = FileImport()
            }
        } } }
        if let message = batch?.message { messages.append(message) }
        if let first = skipped.first {
            if file.streamed, file.source?.id == first.id { editor.abandonImport(of: first.id) }
            library.importDidEnd(first)
            messages.append(.error(Self.cancelled(skipped, numbers: numbers)))
        }
        return messages
    }

    /// Stops the file being read and skips the files still to read.
    func cancel() {
        files.cancel()
    }

    /// The file whose portions are arriving.
    private struct FileImport {
        var source: PlaceSource?
        /// It is loaded already: its new places are held until all are read.
        var replacing = false
        var held: [Place] = []
        /// Portions of it went into the model.
        var streamed = false
    }

    /// Ends the import of one file: with its shapes and the places held back when it replaces a file
    /// already loaded, or taking away what portions brought when it could not be read.
    private func finish(_ reading: PlaceFiles.Reading, _ file: FileImport, undoable: Bool) -> Message? {
        var source = reading.source
        switch reading.result {
        case .success(let result):
            if !result.tally.document.isEmpty { source.document = result.tally.document }
            if file.replacing {
                editor.importPlaces(file.held, shapes: result.shapes, groups: result.groups, from: source,
                                    favourites: library.rememberedFavourites(among: file.held), undoable: undoable)
            } else {
                editor.finishImport(of: source, shapes: result.shapes, groups: result.groups, undoable: undoable)
            }
            trace?.loaded(source: source.title, places: result.tally.places, skipped: result.skippedFeatures, milliseconds: reading.milliseconds)
            let recent = result.tally.recentPlacesLeftOut > 0 ? PlaceSource.recentPlaces(in: source) : nil
            let offered = recent.flatMap { model.hasSource($0.id) ? nil : $0 }
            let message = ImportReport(file: source.title, source: source.id, result: result, offered: offered, numbers: numbers).message
            if case .notice = message, !undoable { return nil }
            return message
        case .failure(let error):
            if !file.replacing { editor.abandonImport(of: source.id) }
            return .error(tr("Could not import {file}: {reason}.", ["file": source.title, "reason": "\(error)"]))
        }
    }

    private func show(_ activity: ImportActivity?) {
        guard activity != self.activity else { return }
        self.activity = activity
        delegates.invoke { $0.importActivityDidChange() }
    }

    /// "Import cancelled: trip.geojson and 2 more files were not imported."
    private static func cancelled(_ skipped: [PlaceSource], numbers: LocalizedNumbers) -> String {
        let more = skipped.count - 1
        return more == 0
            ? tr("Import cancelled: {file} was not imported.", ["file": skipped[0].title])
            : trPlural("Import cancelled: {file} and {count} more file were not imported.",
                       "Import cancelled: {file} and {count} more files were not imported.", count: more,
                       ["file": skipped[0].title, "count": numbers.count(more)])
    }
}
