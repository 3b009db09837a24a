import Foundation
import PlacesCore
import Testing

/// `cities.tsv`: a header, then one city per line; lines that do not parse are skipped.
@Suite("City list reader")
struct CityListReaderTests {
    @Test("good lines are read and bad ones skipped")
    func fixture() throws {
        let cities = CityListReader.read(String(decoding: try SourceTree.fixture("cities-sample.tsv"), as: UTF8.self))
        #expect(cities == [
            City(name: "Tokyo", country: "Japan", coordinate: Coordinate(latitude: 35.6850, longitude: 139.7514), population: 35_676_000),
            City(name: "Zürich", country: "Switzerland", coordinate: Coordinate(latitude: 47.38, longitude: 8.55), population: 1_108_000),
            City(name: "Smallville", country: "", coordinate: Coordinate(latitude: 38, longitude: -97), population: 0),
        ])
    }

    @Test("the first line is a header even when it looks like a city")
    func headerIsSkipped() {
        #expect(CityListReader.read("Lyon\tFrance\t45.7\t4.8\t1\n").isEmpty)
        #expect(CityListReader.read("").isEmpty)
        #expect(CityListReader.read("name\tcountry\tlatitude\tlongitude\tpopulation").isEmpty)
    }

    @Test("values that are not numbers, not on Earth, or no name skip their line", arguments: [
        "Nan\tX\tnan\t0\t1", "Inf\tX\t0\tinf\t1", "Space\tX\t 45.0\t4.0\t1", "Comma\tX\t45,0\t4.0\t1",
        "North\tX\t90.0001\t0\t1", "West\tX\t0\t-180.5\t1", "Few\tX\t1\t2",
        "\tJapan\t35.68\t139.7\t1", " \tJapan\t35.68\t139.7\t1",  // no name (found by fuzz-citylist)
    ])
    func badValues(line: String) {
        #expect(CityListReader.read("header\n\(line)\nGood\tY\t1\t2\t3\n").map(\.name) == ["Good"])
    }

    @Test("extra columns are ignored")
    func extraColumns() {
        #expect(CityListReader.read("h\nLyon\tFrance\t45.7\t4.8\t1700000\textra\n").first?.population == 1_700_000)
    }

    @Test("Windows line endings read the same as Unix ones")
    func crlf() {
        let unix = "name\tcountry\tlatitude\tlongitude\tpopulation\nLyon\tFrance\t45.7640\t4.8357\t1700000\nZug\tSwitzerland\t47.17\t8.52\t30000\n"
        let windows = unix.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(CityListReader.read(unix).count == 2)
        #expect(CityListReader.read(windows) == CityListReader.read(unix))
    }
}
