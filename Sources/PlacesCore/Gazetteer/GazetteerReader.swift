/// Reads `gazetteer.bin` (layout in `data/README.md`): a header, then one zlib stream of counts, string
/// tables, the places column by column, their names and the vocabulary. Every count and length is
/// checked against what is left, so a damaged file is an error, never a crash or a huge allocation.
enum GazetteerReader {
    /// The largest inflated size believed: the file of 2026 inflates to 21 MB.
    static let inflatedLimit = 256 * 1024 * 1024

    static func read(_ bytes: [UInt8]) throws(WorldMapReader.FormatError) -> Gazetteer {
        var header = ByteCursor(bytes: bytes)
        guard bytes.count >= 12, Array(bytes[0..<4]) == Array("PLGZ".utf8) else { throw failure("not a Places gazetteer (bad magic)") }
        header.offset = 4
        let version = try header.u16()
        guard version == 1 else { throw failure("unsupported gazetteer version \(version)") }
        _ = try header.u16()
        let size = Int(try header.u32())
        guard size <= inflatedLimit else { throw failure("it claims \(size) bytes") }
        let body: [UInt8]
        do {
            body = try Gzip.inflate(Array(bytes[12...]), limit: size)
        } catch {
            throw failure("\(error)")
        }
        guard body.count == size else { throw failure("it inflates to \(body.count) bytes, not \(size)") }
        var cursor = ByteCursor(bytes: body)
        return try read(&cursor)
    }

    private static func read(_ cursor: inout ByteCursor) throws(WorldMapReader.FormatError) -> Gazetteer {
        let placeCount = try cursor.count(atLeast: 15)
        guard placeCount < Gazetteer.placeLimit else { throw failure("it holds \(placeCount) places, more than \(Gazetteer.placeLimit)") }
        let countryCount = try cursor.count(atLeast: 3)
        let regionCount = try cursor.count(atLeast: 1)
        let zoneCount = try cursor.count(atLeast: 1)
        let wordCount = try cursor.count(atLeast: 2)
        let postingCount = try cursor.count(atLeast: 1)
        var countryCodes: [String] = [], countryNames: [String] = []
        for _ in 0..<countryCount {
            countryCodes.append(String(decoding: try cursor.bytes(2), as: UTF8.self))
            countryNames.append(try cursor.string())
        }
        var regions: [String] = [], zones: [String] = []
        for _ in 0..<regionCount { regions.append(try cursor.string()) }
        for _ in 0..<zoneCount { zones.append(try cursor.string()) }
        let latitudes: [Int32] = try cursor.column(placeCount)
        let longitudes: [Int32] = try cursor.column(placeCount)
        let populations: [UInt32] = try cursor.column(placeCount)
        let countryOf: [UInt16] = try cursor.column(placeCount)
        let regionOf: [UInt16] = try cursor.column(placeCount)
        let zoneOf: [UInt16] = try cursor.column(placeCount)
        let kinds: [UInt8] = try cursor.column(placeCount)
        guard countryOf.allSatisfy({ Int($0) < countryCount }), zoneOf.allSatisfy({ Int($0) < zoneCount }),
              regionOf.allSatisfy({ $0 == Gazetteer.noRegion || Int($0) < regionCount }) else {
            throw failure("a place names a country, region or time zone the file does not have")
        }

        let namesStart = cursor.offset
        var nameStarts: [UInt32] = []
        nameStarts.reserveCapacity(placeCount + 1)
        for _ in 0..<placeCount {
            nameStarts.append(UInt32(cursor.offset - namesStart))
            try cursor.skipString()
            let alternates = try cursor.varint()
            guard alternates < 128 else { throw failure("a place has \(alternates) alternate names") }
            for _ in 0..<alternates { try cursor.skipString() }
        }
        nameStarts.append(UInt32(cursor.offset - namesStart))
        let names = Array(cursor.bytes[namesStart..<cursor.offset])

        let vocabulary = try readVocabulary(&cursor, words: wordCount, postings: postingCount, places: placeCount)
        return Gazetteer(
            latitudes: latitudes, longitudes: longitudes, populations: populations, countryOf: countryOf,
            regionOf: regionOf, zoneOf: zoneOf, kinds: kinds, countryCodes: countryCodes, countryNames: countryNames,
            regions: regions, zones: zones, names: names, nameStarts: nameStarts, vocabulary: vocabulary)
    }

    private static func readVocabulary(
        _ cursor: inout ByteCursor, words wordCount: Int, postings postingCount: Int, places: Int
    ) throws(WorldMapReader.FormatError) -> GazetteerVocabulary {
        var words: [UInt8] = [], wordStarts: [UInt32] = [], postingStarts: [UInt32] = [], postings: [UInt32] = []
        wordStarts.reserveCapacity(wordCount + 1)
        postingStarts.reserveCapacity(wordCount + 1)
        postings.reserveCapacity(postingCount)
        var previous = 0..<0
        for _ in 0..<wordCount {
            let shared = try cursor.varint()
            guard shared <= previous.count else { throw failure("a word shares more than the word before it has") }
            let rest = try cursor.bytes(try cursor.varint())
            let prefix = Array(words[previous.lowerBound..<previous.lowerBound + shared])
            wordStarts.append(UInt32(words.count))
            words.append(contentsOf: prefix)
            words.append(contentsOf: rest)
            previous = Int(wordStarts.last!)..<words.count
            postingStarts.append(UInt32(postings.count))
            let count = try cursor.varint()
            guard count <= postingCount - postings.count else { throw failure("more postings than the file counts") }
            var posting = 0
            for _ in 0..<count {
                let delta = try cursor.varint()
                guard delta <= Int(UInt32.max) - posting, GazetteerVocabulary.place(UInt32(posting + delta)) < places else {
                    throw failure("a word names a place the file does not have")
                }
                posting += delta
                postings.append(UInt32(posting))
            }
        }
        wordStarts.append(UInt32(words.count))
        postingStarts.append(UInt32(postings.count))
        return GazetteerVocabulary(words: words, wordStarts: wordStarts, postingStarts: postingStarts, postings: postings)
    }

    private static func failure(_ description: String) -> WorldMapReader.FormatError {
        WorldMapReader.FormatError(description: description)
    }
}

private extension ByteCursor {
    /// A u32 count of things taking at least `size` bytes each, so that it cannot claim more than is left.
    mutating func count(atLeast size: Int) throws(WorldMapReader.FormatError) -> Int {
        let value = Int(try u32())
        guard value <= remaining / size else { throw WorldMapReader.FormatError(description: "a count of \(value) at byte \(offset) exceeds the file") }
        return value
    }

    mutating func bytes(_ count: Int) throws(WorldMapReader.FormatError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw WorldMapReader.FormatError(description: "truncated at byte \(offset)") }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func string() throws(WorldMapReader.FormatError) -> String {
        String(decoding: try bytes(try varint()), as: UTF8.self)
    }

    mutating func skipString() throws(WorldMapReader.FormatError) {
        _ = try bytes(try varint())
    }

    /// `count` little-endian values of a fixed-width integer type, copied in one go.
    mutating func column<Value: FixedWidthInteger>(_ count: Int) throws(WorldMapReader.FormatError) -> [Value] {
        let size = MemoryLayout<Value>.size
        let raw = try bytes(count * size)
        return raw.withUnsafeBytes { source in
            (0..<count).map { Value(littleEndian: source.loadUnaligned(fromByteOffset: $0 * size, as: Value.self)) }
        }
    }
}
