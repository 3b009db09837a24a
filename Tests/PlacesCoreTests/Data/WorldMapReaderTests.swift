@testable import PlacesCore
import Testing

/// The base map format `world.bin`: read when valid, rejected (never trapping) when not.
@Suite("World map reader")
struct WorldMapReaderTests {
    private static func u16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func u32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    private static func f32(_ value: Float) -> [UInt8] { u32(value.bitPattern) }
    private static func ring(_ points: [(lon: Float, lat: Float)]) -> [UInt8] {
        u32(UInt32(points.count)) + points.flatMap { f32($0.lon) + f32($0.lat) }
    }

    /// A land layer (zooms 0...2) with one square and a hole, and a border layer (zooms 3...) with one line.
    static let valid: [UInt8] = {
        var bytes = Array("PLWM".utf8) + u16(1) + u16(2)
        bytes += [0, 0, 2, 0] + u32(1)
        bytes += u32(2)
        bytes += ring([(-10, -10), (10, -10), (10, 10), (-10, 10), (-10, -10)])
        bytes += ring([(-1, -1), (1, -1), (1, 1), (-1, -1)])
        bytes += [1, 3, 255, 0] + u32(1)
        bytes += u32(1) + ring([(0, 0), (5, 5)])
        return bytes
    }()

    private static func varint(_ value: Int) -> [UInt8] {
        var value = value, bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }

    /// `detail.bin`: a river of rank 4 (zooms 5...) through three points, in 1e-4 degree deltas.
    static let detail: [UInt8] = {
        func zigzag(_ value: Int) -> Int { value >= 0 ? value * 2 : -value * 2 - 1 }
        var bytes = Array("PLWD".utf8) + u16(1) + u16(1)
        bytes += [2, 5, 255, 0] + u32(1)
        bytes += [4] + varint(1) + varint(3)
        for (lon, lat) in [(85_000, 474_000), (-1_234, 56), (0, -300_000)] { bytes += varint(zigzag(lon)) + varint(zigzag(lat)) }
        return bytes
    }()

    @Test("a detail file gives its paths' ranks and its points, each relative to the one before")
    func readsDetailFile() throws {
        let map = try WorldMapReader.read(Self.detail)
        try #require(map.layers.count == 1)
        #expect(map.layers[0].kind == .rivers && map.layers[0].zoomRange.lowerBound == 5)
        let path = try #require(map.layers[0].paths.first)
        #expect(path.rank == 4)
        let expected = [(47.4, 8.5), (47.4056, 8.3766), (17.4056, 8.3766)].map { WebMercator.project(Coordinate(latitude: $0.0, longitude: $0.1)) }
        #expect(zip(path.rings[0], expected).allSatisfy { abs($0.x - $1.x) < 1e-12 && abs($0.y - $1.y) < 1e-12 })
        for cut in 0..<Self.detail.count { #expect(failure(Array(Self.detail.prefix(cut))) != nil, "cut at \(cut)") }
        #expect(failure(Array(Self.detail.prefix(14)) + [0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]) != nil, "a count larger than the file")
    }

    @Test("of the layers of a kind meant for a zoom, the finest is drawn; detail is added to a map")
    func finestLayer() throws {
        let map = try WorldMapReader.read(Self.valid).adding(WorldMap(layers: [
            WorldMap.Layer(kind: .borders, zoomRange: 6...Double.infinity, paths: []),
        ]))
        #expect(map.layers(.borders, atZoom: 5.9).map(\.zoomRange.lowerBound) == [3])
        #expect(map.layers(.borders, atZoom: 6).map(\.zoomRange.lowerBound) == [6])
    }

    private func failure(_ bytes: [UInt8]) -> String? {
        do throws(WorldMapReader.FormatError) {
            _ = try WorldMapReader.read(bytes)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a valid file gives its layers, kinds, zoom ranges, projected rings and bounds")
    func readsValidFile() throws {
        let map = try WorldMapReader.read(Self.valid)
        try #require(map.layers.count == 2)
        let land = map.layers[0]
        #expect(land.kind == .land)
        #expect(land.zoomRange == 0...2)
        #expect(land.paths.count == 1)
        #expect(land.paths[0].rings.map(\.count) == [5, 4])
        #expect(land.paths[0].rings[0][0] == WebMercator.project(Coordinate(latitude: -10, longitude: -10)))
        let corner = WebMercator.project(Coordinate(latitude: 10, longitude: -10))
        let opposite = WebMercator.project(Coordinate(latitude: -10, longitude: 10))
        #expect(land.paths[0].bounds == WorldRect(minX: corner.x, minY: corner.y, maxX: opposite.x, maxY: opposite.y))

        let borders = map.layers[1]
        #expect(borders.kind == .borders)
        #expect(borders.zoomRange.lowerBound == 3)
        #expect(borders.zoomRange.upperBound == .infinity)
        #expect(borders.paths[0].rings == [[WebMercator.project(Coordinate(latitude: 0, longitude: 0)),
                                           WebMercator.project(Coordinate(latitude: 5, longitude: 5))]])
    }

    @Test("layers are chosen by kind and zoom")
    func layersByZoom() throws {
        let map = try WorldMapReader.read(Self.valid)
        #expect(map.layers(.land, atZoom: 2.9).count == 1)
        #expect(map.layers(.land, atZoom: 3).isEmpty)
        #expect(map.layers(.borders, atZoom: 2.9).isEmpty)
        #expect(map.layers(.borders, atZoom: 17.5).count == 1)
        #expect(WorldMap.empty.layers(.land, atZoom: 1).isEmpty)
    }

    @Test("a file with the wrong magic is rejected")
    func badMagic() {
        var bytes = Self.valid
        bytes[3] = UInt8(ascii: "X")
        #expect(failure(bytes) == "not a Places world map (bad magic)")
        #expect(failure(Array("GIF89a".utf8) + Array(Self.valid.dropFirst(6))) == "not a Places world map (bad magic)")
    }

    @Test("a file of another version is rejected")
    func wrongVersion() {
        var bytes = Self.valid
        bytes[4] = 2
        #expect(failure(bytes) == "unsupported world map version 2")
        bytes[4] = 0
        bytes[5] = 1
        #expect(failure(bytes) == "unsupported world map version 256")
    }

    @Test("an unknown layer kind is rejected with its offset")
    func unknownLayerKind() {
        var bytes = Self.valid
        bytes[8] = 7
        #expect(failure(bytes) == "unknown layer kind 7 at byte 8")
    }

    @Test("every truncation of a valid file is rejected, never trapping")
    func everyPrefixIsRejected() {
        for length in 0..<Self.valid.count {
            let message = failure(Array(Self.valid[..<length]))
            #expect(message != nil, "a prefix of \(length) bytes was accepted")
        }
        #expect(failure(Array(Self.valid.prefix(20)))?.hasPrefix("truncated at byte") == true)
    }

    @Test("counts far larger than the file are rejected, never trapping")
    func hugeCounts() {
        let header = Array("PLWM".utf8) + Self.u16(1) + Self.u16(1) + [0, 0, 255, 0]
        #expect(failure(header + Self.u32(.max)) != nil)
        #expect(failure(header + Self.u32(1) + Self.u32(.max)) != nil)
        #expect(failure(header + Self.u32(1) + Self.u32(1) + Self.u32(.max)) != nil)
        #expect(failure(header + Self.u32(1) + Self.u32(1) + Self.u32(0x2000_0000) + [0, 0, 0, 0]) != nil)
        #expect(failure(Array("PLWM".utf8) + Self.u16(1) + Self.u16(.max)) != nil)
    }

    @Test("bytes after the last layer are ignored")
    func trailingBytes() throws {
        #expect(try WorldMapReader.read(Self.valid + [1, 2, 3]).layers.count == 2)
    }
}
