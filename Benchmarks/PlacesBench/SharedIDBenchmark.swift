import PlacesCore

/// Reading a file whose 30,000 features all share one id (each place then needs an id of its own)
/// against the same file with every id distinct: uniquing must keep the import linear.
struct SharedIDBenchmark {
    let features: Int
    let runs: Int

    static func file(features: Int, sharedID: Bool) -> [UInt8] {
        var text = #"{"type":"FeatureCollection","features":["#
        text.reserveCapacity(features * 100)
        for number in 0..<features {
            if number > 0 { text += "," }
            let id = sharedID ? "node/shared" : "node/\(1_000_000 + number)"
            text += #"{"type":"Feature","id":"\#(id)","geometry":{"type":"Point","coordinates":[2.35,48.85]},"properties":{"name":"P"}}"#
        }
        return Array((text + "]}").utf8)
    }

    func run(checksum: inout Int) throws -> [ResultRow] {
        let shared = Self.file(features: features, sharedID: true)
        let distinct = Self.file(features: features, sharedID: false)
        let reader = GeoJSONReader(source: "bench")
        let times = try InterleavedRunner(rounds: runs, steps: 1, warmupRounds: 1).run([
            { _ in try reader.read(shared).places.count },
            { _ in try reader.read(distinct).places.count },
        ], checksum: &checksum)
        return [ResultRow(
            measurement: "read \(features.formatted()) features sharing one id", ours: Samples(times[0]),
            baselineName: "every id distinct", baseline: Samples(times[1]), targetMilliseconds: 1000
        )]
    }
}
