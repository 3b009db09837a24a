import Foundation
import PlacesCore

/// A 100,000-place library kept in a sync folder (`SyncFolderLibraryStore`: a log per computer)
/// against the same library in one file (`FileLibraryStore`), in the same run: loading it at launch,
/// and saving one rename (the time, and the bytes written).
///
/// The folder is what two computers leave after a while: the laptop made the library in one commit
/// and renamed 1,000 places one at a time; the desktop, having read all that, renamed another 1,000
/// and noted 500. The logs are written as the store appends them (one commit a line).
struct SyncFolderBenchmark {
    let places: Int
    let runs: Int

    func run(checksum: inout Int) throws -> [ResultRow] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("places-bench-sync-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Sync"), single = root.appendingPathComponent("single")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.writeLogs(places: places, into: folder)
        let library = try require(try SyncFolderLibraryStore(folder: folder, device: SyncDevice(id: "reader", name: "reader")).load().value)
        let singleStore = FileLibraryStore(folder: single)
        try singleStore.save(library)
        let singleSize = try FileManager.default.attributesOfItem(atPath: singleStore.url.path)[.size] as? Int ?? 0
        let folderSize = try FileManager.default.contentsOfDirectory(atPath: folder.path).reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
        }
        print("sync folder: \(folderSize.formatted()) bytes for a \(singleSize.formatted())-byte library file (\(String(format: "%.2f", Double(folderSize) / Double(singleSize)))x)")

        // Loading, interleaved: a new store each time, as at launch.
        let clock = ContinuousClock()
        var fromLogs: [Double] = [], fromFile: [Double] = []
        for round in 0..<(runs + 1) {
            var start = clock.now
            let loaded = try SyncFolderLibraryStore(folder: folder, device: SyncDevice(id: "laptop", name: "laptop")).load().value
            let logs = (clock.now - start).milliseconds
            start = clock.now
            let read = try FileLibraryStore(folder: single).load().value
            let file = (clock.now - start).milliseconds
            guard loaded == library, read == library else { throw BenchmarkFailure("the two stores load different libraries") }
            if round > 0 {
                fromLogs.append(logs)
                fromFile.append(file)
            }
            checksum &+= (loaded?.places.count ?? 0) + (read?.places.count ?? 0)
        }

        // One rename saved, interleaved, each store as the app holds it (already loaded).
        var logWrites: [Double] = [], fileWrites: [Double] = [], logBytes: [Double] = [], fileBytes: [Double] = []
        let logStore = SyncFolderLibraryStore(folder: folder, device: SyncDevice(id: "laptop", name: "laptop"))
        var logBase = try logStore.load().value ?? library
        var fileBase = library
        let log = folder.appendingPathComponent(SyncLog.fileName(of: "laptop"))
        for round in 0..<(runs + 1) {
            var renamed = logBase
            renamed.places[round * 31 % renamed.places.count].name = "Renamed in round \(round)"
            let before = try FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int ?? 0
            var start = clock.now
            logBase = try logStore.save(renamed, base: logBase).value
            let logTime = (clock.now - start).milliseconds
            let after = try FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int ?? 0

            var fileRenamed = fileBase
            fileRenamed.places[round * 31 % fileRenamed.places.count].name = "Renamed in round \(round)"
            start = clock.now
            fileBase = try singleStore.save(fileRenamed, base: fileBase).value
            let fileTime = (clock.now - start).milliseconds
            if round > 0 {
                logWrites.append(logTime)
                fileWrites.append(fileTime)
                // A rewrite of the log (compaction) would count whole; none happens in these rounds.
                logBytes.append(Double(max(0, after - before)))
                fileBytes.append(Double(try FileManager.default.attributesOfItem(atPath: singleStore.url.path)[.size] as? Int ?? 0))
            }
            checksum &+= logBase.places.count + fileBase.places.count
        }
        let count = places.formatted()
        return [
            ResultRow(measurement: "load a \(count)-place library: 2 computers' logs", ours: Samples(fromLogs),
                      baselineName: "one library file", baseline: Samples(fromFile), target: .ratio(1 / 1.2)),
            ResultRow(measurement: "save one rename, \(count) places", ours: Samples(logWrites),
                      baselineName: "rewriting the library file", baseline: Samples(fileWrites), target: .ratio(1)),
            ResultRow(measurement: "bytes written per rename, \(count) places", ours: Samples(logBytes),
                      baselineName: "rewriting the library file", baseline: Samples(fileBytes), target: .atMost(1_000), unit: .bytes),
        ]
    }
}

extension SyncFolderBenchmark {
    /// Writes the two computers' logs into `folder`.
    static func writeLogs(places count: Int, into folder: URL) throws {
        let places = SyntheticPlaces.make(count: count, seed: 21).map { place in
            var own = place
            own.source = PlaceSource.mineID
            own.notes = place.id.hasSuffix("7") ? "A note for \(place.name)" : ""
            return Library.OwnPlace(own)
        }
        var time: Int64 = 1_795_766_400_000
        func tick() -> HybridTimestamp {
            time += 1_000
            return HybridTimestamp(milliseconds: time)
        }
        var laptop = [SyncCommit(device: "laptop", sequence: 1, clock: tick(), seen: [:], operations: Library(places: places).operations(since: Library()))]
        for index in 0..<1_000 {
            let place = places[index * 97 % places.count]
            laptop.append(SyncCommit(device: "laptop", sequence: index + 2, clock: tick(), seen: [:],
                                     operations: [SyncOperation(.place, place.id, .set([.name: .text(place.name + " (renamed)")]))]))
        }
        var desktop: [SyncCommit] = []
        for index in 0..<1_500 {
            let place = places[index * 89 % places.count]
            let field: [SyncField: SyncValue] = index < 1_000 ? [.name: .text(place.name + " (desktop)")] : [.notes: .text("Noted on the desktop")]
            desktop.append(SyncCommit(device: "desktop", sequence: index + 1, clock: tick(), seen: ["laptop": laptop.count],
                                      operations: [SyncOperation(.place, place.id, .set(field))]))
        }
        for (device, commits) in [(SyncDevice(id: "laptop", name: "laptop"), laptop), (SyncDevice(id: "desktop", name: "desktop"), desktop)] {
            var data = try SyncLog.encode(header: SyncLog.Header(device: device, through: 0, commits: 0), commits: [])
            for commit in commits { data.append(try SyncLog.line(commit)) }
            try data.write(to: folder.appendingPathComponent(SyncLog.fileName(of: device.id)))
        }
    }
}

/// `value`, or a failure saying it was missing.
private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw BenchmarkFailure("the sync folder holds no library") }
    return value
}
