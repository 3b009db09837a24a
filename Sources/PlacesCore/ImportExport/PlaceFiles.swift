import Foundation

/// Reads the files of an import: each is read and parsed off the main thread (the next ones already
/// while one's places are added), and can be cancelled; the places come to the main actor in order,
/// in portions while the rest is read, each small enough to add between two frames (`ImportSession`
/// adds them).
@MainActor
final class PlaceFiles {
    /// The end of one file's read: its shapes and tally (its places came before, in portions), or why
    /// it could not be read.
    struct Reading: Sendable {
        var source: PlaceSource
        var result: Result<ImportResult, ImportError>
        var milliseconds: Double
    }

    /// What a read hands the main actor for each file: `started`, its places, then `finished` (not sent for a
    /// file cancelled); `progress` all along.
    enum Delivery {
        /// A file is about to be read.
        case started(PlaceSource)
        /// How far the file being read has got.
        case progress(ImportActivity)
        /// Places read so far (ids unique across the file), handed over while the rest is read, and
        /// about how many more the file holds (from how far the reading has got), to make room once.
        case places([Place], from: PlaceSource, expectingMore: Int)
        case finished(Reading)
    }

    /// The largest file of places read, in bytes: an import, `places --check` or the bundled data.
    public nonisolated static let sizeLimit: Int64 = 512_000_000

    /// Awaited between two portions (`nextSlice`), so the window stays responsive through a long import.
    private let pacer: any FramePacing
    /// The memory free for places, in bytes (nil: unknown, no check).
    private let freeMemory: @MainActor () -> Int64?

    /// What a place costs in the window, in bytes, beyond its text: the model's slot, the list's and
    /// search's entries, the map's point and the index snapshots built over it (10 million rows of
    /// a CSV file with no names kept 4.5 GB beyond the bare window in `gui-bench compact`).
    static let bytesPerPlace: Int64 = 460

    private var running = 0
    /// The reads under way (several when a file is dropped during a restore, say), each stopped
    /// through its queue by `cancel()`, which does not wait for the reader to stop and free what it
    /// built (seconds for a huge file).
    private var underWay: [Int: (task: Task<Reading, Never>, queue: ReadQueue)] = [:]
    private var reads = 0
    /// Reads to skip: set by `cancel()` for every batch under way, cleared when none is.
    private var isCancelling = false
    /// Places added per portion: adapted so that adding one takes about the time `pacer` gives it (`portionTime`).
    private var portionSize = 2_000
    private var portionTime = 0.008

    init(pacer: any FramePacing, freeMemory: @escaping @MainActor () -> Int64? = AvailableMemory.bytes) {
        self.pacer = pacer
        self.freeMemory = freeMemory
    }

    /// The source a file at `path` becomes: its id is the standardized path, its title the file name.
    nonisolated static func source(for path: String) -> PlaceSource {
        let url = URL(fileURLWithPath: path)
        return PlaceSource(id: "file:" + url.standardizedFileURL.path, title: FileName.shown(url.lastPathComponent), path: url.path)
    }

    /// Reads the files of `sources` in order, each off the main thread, and hands what is read to `each` on the main
    /// actor as it comes (`Delivery`), pacing the portions to the window's frames: what is read within
    /// a frame's adding time (a twentieth of a second when there are several files) comes in one
    /// group, so ten thousand small files are a few hundred hand-overs, not ten thousand broadcasts
    /// and frames. Returns the files not read to the end because of `cancel()`, the one being read (of
    /// which portions may have been handed over) first.
    @discardableResult
    func read(_ sources: [PlaceSource], each: ([Delivery]) -> Void) async -> [PlaceSource] {
        guard !sources.isEmpty else { return [] }
        running += 1
        defer {
            running -= 1
            if running == 0 { isCancelling = false }
        }
        var group = DeliveryGroup()
        defer { group.flush(each) }
        var ahead = ReadAhead(sources: sources)
        // How long deliveries are gathered: a frame's adding time, or for many files a twentieth of a
        // second (each hand-over costs every subscriber a look at every file: ten thousand files are
        // a few hundred hand-overs, still a frame drawn between them).
        var gathering: Double { sources.count > 1 ? max(portionTime, 0.05) : portionTime }
        defer { ahead.forget(in: self) }
        for position in sources.indices {
            let source = sources[position]
            guard !isCancelling else { return Array(sources[position...]) }
            // The files after this one are read while its places are added.
            ahead.start(upTo: position, in: self)
            let (queue, task, size, read) = ahead.take(position)
            defer { underWay[read] = nil }
            group.add(.progress(ImportActivity(file: source.title, fraction: 0)))
            group.add(.started(source))
            var delivered = 0
            var givenBackAt = 0
            var roomChecked = false
            var refusal: ImportError?
            while true {
                var taken = queue.takeReady()
                if case .wait = taken {
                    // Waiting for the reader: what is held goes out first, unless it was gathered just now.
                    if group.age >= gathering { group.flush(each) }
                    taken = await queue.take()
                }
                guard case .places(let places, let reached) = taken else { break }
                // Not while the person drags or scrolls: the allocator's memory is walked with it
                // locked, and the main thread's allocations wait (frames came 1.5 to 3 ms later at
                // p90 while a million places were dragged in). Given back once they stop.
                if delivered - givenBackAt >= 100_000, !pacer.isWatched {
                    FreedMemory.giveBack()
                    givenBackAt = delivered
                }
                group.add(.progress(ImportActivity(file: source.title, fraction: min(1, Double(reached) / Double(size)))))
                // A little over what the bytes read so far say: each slot made room for takes 88 bytes
                // in the model before a place is in it.
                let expected = reached > 0 ? Int(Double(delivered + places.count) * 1.03 * Double(size) / Double(reached)) : 0
                // Once a hundredth is read (or 100,000 places, of a file that packs them densely), the
                // places to come are known well enough to say whether they fit.
                if !roomChecked, reached >= size / 100 || delivered + places.count >= 100_000 {
                    roomChecked = true
                    refusal = roomProblem(places: expected, bytes: size)
                    if refusal != nil { break }
                }
                var start = places.startIndex
                while start < places.endIndex, !queue.isCancelled {
                    let end = min(places.endIndex, start + portionSize)
                    delivered += end - start
                    // Room is made for the places to come only once they are known to fit.
                    let more = roomChecked ? max(0, expected - delivered) : 0
                    // A portion of all the places taken is those places, not a copy of each.
                    let portion = end - start == places.count ? places : Array(places[start..<end])
                    group.add(.places(portion, from: source, expectingMore: more), count: end - start)
                    start = end
                    // A frame's worth gathered: handed over, then the window draws before the next.
                    if group.count >= portionSize || group.age >= gathering {
                        let (added, seconds) = group.flush(each)
                        adaptPortionSize(added: added, in: seconds)
                        portionTime = await pacer.nextSlice()
                    }
                }
            }
            if let refusal {
                task.cancel()
                queue.cancel()
                group.add(.finished(Reading(source: source, result: .failure(refusal), milliseconds: 0)))
                continue
            }
            guard !queue.isCancelled else { return Array(sources[position...]) }
            group.add(.finished(await task.value))
            if delivered > 0 { FreedMemory.giveBack() }
        }
        return []
    }

    /// The reads started ahead of the file whose places are being added: up to 64 files or 16 MB of
    /// them, so that a folder of small files is read back to back on the reader's thread, not one
    /// file per turn of the main loop; a large file is not read ahead beside another.
    @MainActor
    private struct ReadAhead {
        let sources: [PlaceSource]
        private var started: [Int: (queue: ReadQueue, task: Task<Reading, Never>, size: Int, read: Int)] = [:]
        private var next = 0
        private var bytes = 0

        init(sources: [PlaceSource]) { self.sources = sources }

        /// Starts the reads of the files from `position` on, within the limits.
        mutating func start(upTo position: Int, in files: PlaceFiles) {
            while next < sources.count, next == position || (next - position < 64 && bytes < 16 << 20) {
                let source = sources[next], path = source.path ?? ""
                var size = 1
                if let found = FileName.size(path) { size = max(1, found) }
                let queue = ReadQueue()
                let task = Task.detached(priority: .userInitiated) {
                    await LowPriorityThread.run(name: "Places file reader") { PlaceFiles.read(source, into: queue) }
                }
                files.reads += 1
                files.underWay[files.reads] = (task, queue)
                started[next] = (queue, task, size, files.reads)
                bytes += size
                next += 1
            }
        }

        /// The read of the file at `position` (started), no longer ahead; `read` names it in `underWay`.
        mutating func take(_ position: Int) -> (queue: ReadQueue, task: Task<Reading, Never>, size: Int, read: Int) {
            let read = started.removeValue(forKey: position)!
            bytes -= read.size
            return (read.queue, read.task, read.size, read.read)
        }

        /// Stops the reads started ahead and never taken (the batch was cancelled).
        mutating func forget(in files: PlaceFiles) {
            for read in started.values {
                read.task.cancel()
                read.queue.cancel()
                files.underWay[read.read] = nil
            }
            started = [:]
        }
    }

    /// Deliveries gathered to be handed to the main actor's `each` together.
    private struct DeliveryGroup {
        private var deliveries: [Delivery] = []
        private var opened = ContinuousClock.now
        /// Places in the group.
        private(set) var count = 0

        /// Seconds since the first delivery held was gathered.
        var age: Double { deliveries.isEmpty ? 0 : (ContinuousClock.now - opened).milliseconds / 1000 }

        mutating func add(_ delivery: Delivery, count places: Int = 0) {
            if deliveries.isEmpty { opened = .now }
            // Only the latest progress matters.
            if case .progress = delivery, case .progress? = deliveries.last { deliveries.removeLast() }
            deliveries.append(delivery)
            count += places
        }

        /// Hands what is held to `each`; returns how many places it held and how long adding them took.
        @discardableResult
        mutating func flush(_ each: ([Delivery]) -> Void) -> (places: Int, seconds: Double) {
            guard !deliveries.isEmpty else { return (0, 0) }
            let held = deliveries, places = count
            deliveries = []
            count = 0
            let began = ContinuousClock.now
            each(held)
            return (places, (ContinuousClock.now - began).milliseconds / 1000)
        }
    }

    /// Why `places` places read from a file of `bytes` cannot be kept: the memory they need (their text
    /// counted as the file's bytes) is more than is free. Nil when they fit, or the free memory is unknown.
    private func roomProblem(places: Int, bytes: Int) -> ImportError? {
        let needed = Int64(places) * Self.bytesPerPlace + Int64(bytes)
        guard let free = freeMemory(), needed > free else { return nil }
        return .tooManyPlaces(places: places, needed: needed, free: free)
    }

    /// Sizes the next portion from how long the last took: in proportion to the time left over or
    /// missing (at most doubling), between 200 and 50,000 places.
    private func adaptPortionSize(added: Int, in seconds: Double) {
        guard added >= portionSize, seconds > 0 else { return }
        portionSize = Int(min(50_000, max(200, Double(added) * min(2, portionTime / seconds))))
    }

    /// Stops the read under way and skips the files still to read.
    func cancel() {
        guard running > 0 else { return }
        isCancelling = true
        for (task, queue) in underWay.values {
            task.cancel()
            queue.cancel()
        }
    }

    /// Reads the file of `source`, putting its places into `queue` as they are made (ids made unique
    /// across the file, places before shapes) and finishing it; returns the shapes and tally.
    private nonisolated static func read(_ source: PlaceSource, into queue: ReadQueue) -> Reading {
        defer { queue.finish() }
        let start = ContinuousClock.now
        let result: Result<ImportResult, ImportError>
        do {
            let file = try RegularFile.readOnce(source.path ?? "", limit: sizeLimit)
            result = Result { () throws(ImportError) in try read(file, of: source, into: queue) }
        } catch {
            result = .failure(.unreadable(error))
        }
        return Reading(source: source, result: result, milliseconds: (ContinuousClock.now - start).milliseconds)
    }

    /// Reads `file`, giving back its bytes as the reader moves past them.
    private nonisolated static func read(_ file: FileBytes, of source: PlaceSource, into queue: ReadQueue) throws(ImportError) -> ImportResult {
        let bytes = file.buffer
        var ids = UniqueIDs(expecting: bytes.count / 384)
        var places: [Place] = []
        var shapes: [PlaceShape] = []
        var groups = ImportGroups()
        var reached = 0
        // Handed over in small batches (one lock each), and at least every percent of the file.
        let step = max(1, bytes.count / 100)
        var nextStep = step
        func handOver() {
            var full: [Place] = []
            full.reserveCapacity(512)
            swap(&full, &places)
            queue.put(full, reached: reached)
        }
        let tally = try PlaceFileReader(source: source.id).read(bytes, reached: { offset in
            reached = offset
            file.release(before: offset)
            if offset >= nextStep {
                nextStep = offset + step
                handOver()
            }
        }) { feature in
            switch feature {
            case .place(var place, let inGroups):
                place.id = ids.claim(place.id)
                if !inGroups.isEmpty { groups.add(place.id, to: inGroups) }
                places.append(place)
                if places.count == 512 { handOver() }
            case .shape(let shape):
                shapes.append(shape)
            }
        }
        reached = bytes.count
        handOver()
        return ImportResult(shapes: shapes.map { shape in
            var shape = shape
            shape.id = ids.claim(shape.id)
            return shape
        }, groups: groups, tally: tally)
    }
}
