import PlacesCore
import Testing

@Suite("Coordinates as people type them")
struct CoordinateTextTests {
    @Test("decimal degrees and degrees-minutes-seconds, with signs or hemisphere letters", arguments: [
        ("48.8584, 2.2945", 48.8584, 2.2945),
        ("48.8584 2.2945", 48.8584, 2.2945),
        ("-33.8568, 151.2153", -33.8568, 151.2153),
        ("48.8584° N, 2.2945° E", 48.8584, 2.2945),
        ("33.8568 S 151.2153 E", -33.8568, 151.2153),
        ("48°51′30″N 2°17′40″E", 48.858333, 2.294444),
        ("48°51'30\"N, 2°17'40\"E", 48.858333, 2.294444),
        ("48 51 30 N, 2 17 40 E", 48.858333, 2.294444),
        ("40 26 46 -79 58 56", 40.446111, -79.982222),
        ("2°17′40″E 48°51′30″N", 48.858333, 2.294444),
        ("48,8584; 2,2945", 48.8584, 2.2945),
        ("  90, -180 ", 90, -180),
        ("45°45′30″ 4°50′", 45.758333, 4.833333),
        ("45° 4°", 45, 4),
    ])
    func parses(text: String, latitude: Double, longitude: Double) throws {
        let coordinate = try CoordinateText.parse(text).get()
        #expect(abs(coordinate.latitude - latitude) < 1e-6)
        #expect(abs(coordinate.longitude - longitude) < 1e-6)
    }

    @Test("anything else is refused with a reason a person can act on", arguments: [
        ("", CoordinateText.Problem.notTwoValues),
        ("Paris", .notTwoValues),
        ("48.85", .notTwoValues),
        ("1, 2, 3", .notTwoValues),
        ("48.8 N 2.2 N", .notTwoValues),
        ("nan, 2", .notTwoValues),
        ("91, 0", .latitudeOutOfRange),
        ("0, 180.5", .longitudeOutOfRange),
        ("48 61 0 N 2 0 0 E", .minutesOrSecondsTooLarge),
        ("-48.8 N, 2 E", .notTwoValues),
        ("45°45", .notTwoValues),
        ("45°45′30", .notTwoValues),
    ])
    func refuses(text: String, problem: CoordinateText.Problem) {
        #expect(throws: problem) { try CoordinateText.parse(text).get() }
        #expect(!problem.description.isEmpty)
    }

    @Test("no half-typed position is read as one far from what is being typed: “45°45” is not 45° N 45° E")
    func halfTyped() throws {
        for typed in ["45°45′30″N 4°50′E", "45°45′30″ 4°50′", "45.7583, 4.8333"] {
            let whole = try CoordinateText.parse(typed).get()
            for end in typed.indices {
                if case .success(let early) = CoordinateText.parse(String(typed[..<end])) {
                    #expect(early.distance(to: whole) < 100_000, "“\(typed[..<end])” is read as \(early)")
                }
            }
        }
    }

    @Test("an editor starts from five decimals, which read back as the same place")
    func formatsAndReadsBack() throws {
        let coordinate = Coordinate(latitude: -33.856784, longitude: 151.215297)
        #expect(CoordinateText.format(coordinate) == "-33.85678, 151.21530")
        let back = try CoordinateText.parse(CoordinateText.format(coordinate)).get()
        #expect(back.distance(to: coordinate) < 0.001)
        #expect(CoordinateText.format(Coordinate(latitude: 0.000001, longitude: -0.5)) == "0.00000, -0.50000")
    }
}
