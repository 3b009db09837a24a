/// The world's populated places and airports as `data/gazetteer.bin` holds them (GeoNames' `cities500`
/// and airportsdata), with the folded words of their names, so a query is a look-up and never a scan.
///
/// Places are numbered in the file's order: towns by population, largest first, then airports. All
/// storage is flat arrays (about 30 MB for 243,000 places), immutable once read, so searches on any
/// thread share it.
public struct Gazetteer: Sendable {
    public enum Kind: UInt8, Sendable {
        case town = 0
        case airport = 1
    }

    /// Degrees times 100,000, as stored.
    let latitudes: [Int32]
    let longitudes: [Int32]
    let populations: [UInt32]
    let countryOf: [UInt16]
    let regionOf: [UInt16]
    let zoneOf: [UInt16]
    let kinds: [UInt8]
    let countryCodes: [String]
    let countryNames: [String]
    let regions: [String]
    let zones: [String]
    /// Each place's name and alternates as stored (varint-prefixed UTF-8), found by `nameStarts`.
    let names: [UInt8]
    let nameStarts: [UInt32]
    let vocabulary: GazetteerVocabulary
    /// The folded words of each region's and country's name, for query words that narrow rather than name.
    let regionWords: [[[UInt8]]]
    let countryWords: [[[UInt8]]]
    let townGrid: TownGrid

    static let noRegion: UInt16 = 0xFFFF
    /// A place's number fits 20 bits (searches pack it beside its score and population).
    static let placeLimit = 1 << 20

    public var count: Int { kinds.count }

    /// An empty gazetteer, for tests and for the time before the file is read.
    public static let empty = Gazetteer(
        latitudes: [], longitudes: [], populations: [], countryOf: [], regionOf: [], zoneOf: [], kinds: [],
        countryCodes: [], countryNames: [], regions: [], zones: [], names: [], nameStarts: [0],
        vocabulary: GazetteerVocabulary(words: [], wordStarts: [0], postingStarts: [0], postings: []))

    init(
        latitudes: [Int32], longitudes: [Int32], populations: [UInt32], countryOf: [UInt16], regionOf: [UInt16],
        zoneOf: [UInt16], kinds: [UInt8], countryCodes: [String], countryNames: [String], regions: [String],
        zones: [String], names: [UInt8], nameStarts: [UInt32], vocabulary: GazetteerVocabulary
    ) {
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.populations = populations
        self.countryOf = countryOf
        self.regionOf = regionOf
        self.zoneOf = zoneOf
        self.kinds = kinds
        self.countryCodes = countryCodes
        self.countryNames = countryNames
        self.regions = regions
        self.zones = zones
        self.names = names
        self.nameStarts = nameStarts
        self.vocabulary = vocabulary
        regionWords = regions.map(GazetteerVocabulary.words(of:))
        countryWords = countryNames.map(GazetteerVocabulary.words(of:))
        townGrid = TownGrid(latitudes: latitudes, longitudes: longitudes, kinds: kinds)
    }

    public func coordinate(of place: Int) -> Coordinate {
        Coordinate(latitude: Double(latitudes[place]) / 100_000, longitude: Double(longitudes[place]) / 100_000)
    }

    public func kind(of place: Int) -> Kind { Kind(rawValue: kinds[place]) ?? .town }

    /// The place's own name followed by its alternates.
    public func names(of place: Int) -> [String] {
        var offset = Int(nameStarts[place])
        func text() -> String {
            let length = varint(&offset)
            defer { offset += length }
            return String(decoding: names[offset..<offset + length], as: UTF8.self)
        }
        var all = [text()]
        let alternates = varint(&offset)
        for _ in 0..<alternates { all.append(text()) }
        return all
    }

    public func place(_ index: Int) -> GazetteerPlace {
        let region = regionOf[index] == Self.noRegion ? "" : regions[Int(regionOf[index])]
        let country = Int(countryOf[index])
        let allNames = names(of: index)
        return GazetteerPlace(
            index: index, name: allNames[0], alternateNames: Array(allNames.dropFirst()), kind: kind(of: index),
            region: region, countryCode: countryCodes[country], country: countryNames[country],
            coordinate: coordinate(of: index), population: Int(populations[index]), timeZone: zones[Int(zoneOf[index])])
    }

    /// Reads a varint of `names`, which the reader checked whole.
    private func varint(_ offset: inout Int) -> Int {
        var value = 0, shift = 0
        while true {
            let byte = names[offset]
            offset += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}
