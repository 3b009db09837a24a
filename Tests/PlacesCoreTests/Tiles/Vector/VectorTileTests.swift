import Foundation
@testable import PlacesCore
import Testing
import TestingSupport

/// The Mapbox Vector Tile 2.1 decoder, against the specification's own geometry examples (section
/// 4.3.5) and tiles that are broken on purpose.
@Suite("Vector tiles")
struct VectorTileTests {
    static func decode(_ type: UInt64, _ geometry: [UInt32]) throws -> (VectorTileLayer, VectorTileFeature) {
        let tile = try VectorTile(decoding: TestVectorTile(layers: [
            .init(name: "shapes", features: [.init(type: type, geometry: geometry)]),
        ]).bytes)
        let layer = try #require(tile.layer("shapes"))
        return (layer, try #require(layer.features.first))
    }

    static func parts(_ type: UInt64, _ geometry: [UInt32]) throws -> [[SIMD2<Int32>]] {
        let (layer, feature) = try decode(type, geometry)
        return layer.parts(of: feature).map(Array.init)
    }

    @Test("the specification's point, multipoint, linestring and multilinestring examples")
    func specificationPointsAndLines() throws {
        #expect(try Self.parts(1, [9, 50, 34]) == [[[25, 17]]])
        #expect(try Self.parts(1, [17, 10, 14, 3, 9]) == [[[5, 7], [3, 2]]])
        #expect(try Self.parts(2, [9, 4, 4, 18, 0, 16, 16, 0]) == [[[2, 2], [2, 10], [10, 10]]])
        #expect(try Self.parts(2, [9, 4, 4, 18, 0, 16, 16, 0, 9, 17, 17, 10, 4, 8]) == [
            [[2, 2], [2, 10], [10, 10]], [[1, 1], [3, 5]],
        ])
    }

    @Test("the specification's polygon and multipolygon examples, rings closed, the hole kept")
    func specificationPolygons() throws {
        #expect(try Self.parts(3, [9, 6, 12, 18, 10, 12, 24, 44, 15]) == [[[3, 6], [8, 12], [20, 34], [3, 6]]])
        let rings = try Self.parts(3, [9, 0, 0, 26, 20, 0, 0, 20, 19, 0, 15, 9, 22, 2, 26, 18, 0, 0, 18, 17, 0, 15,
                                        9, 4, 13, 26, 0, 8, 8, 0, 0, 7, 15])
        #expect(rings == [
            [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]],
            [[11, 11], [20, 11], [20, 20], [11, 20], [11, 11]],
            [[13, 13], [13, 17], [17, 17], [17, 13], [13, 13]],
        ])
    }

    @Test("ids, extents and every kind of attribute value are read as written")
    func attributes() throws {
        let tile = try VectorTile(decoding: TestVectorTile(layers: [
            .init(name: "poi", extent: 512, keys: ["name", "rank", "height", "open", "ratio"],
                  values: [TestVectorTile.string("Kiasma"), TestVectorTile.sint(-3), TestVectorTile.double(12.5),
                           TestVectorTile.bool(true), TestVectorTile.float(0.25)],
                  features: [.init(id: 42, type: 1, tags: [0, 0, 1, 1, 2, 2, 3, 3, 4, 4], geometry: [9, 50, 34])]),
            .init(name: "default extent", extent: nil, features: [.init(type: 1, geometry: [9, 2, 2])]),
        ]).bytes)
        let poi = try #require(tile.layer("poi"))
        let feature = try #require(poi.features.first)
        #expect(poi.extent == 512)
        #expect(feature.id == 42)
        #expect(feature.kind == .point)
        #expect(poi.value("name", of: feature) == .string("Kiasma"))
        #expect(poi.value("rank", of: feature) == .int(-3))
        #expect(poi.value("height", of: feature)?.number == 12.5)
        #expect(poi.value("open", of: feature) == .bool(true))
        #expect(poi.value("ratio", of: feature) == .float(0.25))
        #expect(poi.value("missing", of: feature) == nil)
        #expect(poi.attributes(of: feature).map(\.key) == ["name", "rank", "height", "open", "ratio"])
        #expect(tile.layer("default extent")?.extent == 4096)
    }

    @Test("features of an unknown geometry type, or with no geometry, are left out; their neighbours stay")
    func unknownTypes() throws {
        let tile = try VectorTile(decoding: TestVectorTile(layers: [
            .init(name: "mixed", features: [
                .init(type: 0, geometry: [9, 2, 2]), .init(type: 9, geometry: [9, 2, 2]),
                .init(type: 2, geometry: []), .init(type: 1, geometry: [9, 4, 4]),
            ]),
        ]).bytes)
        #expect(tile.layer("mixed")?.features.map(\.kind) == [.point])
    }

    @Test("gzip-compressed tiles, as MBTiles keeps them, read like plain ones")
    func gzip() throws {
        let plain = TestVectorTile(layers: [.init(name: "water", features: [.init(type: 3, geometry: [9, 6, 12, 18, 10, 12, 24, 44, 15])])]).bytes
        let compressed = try Self.gzip(plain)
        #expect(compressed.starts(with: [0x1F, 0x8B]))
        #expect(try VectorTile(decoding: compressed).layer("water")?.features.count == 1)
    }

    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", "-n"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread { input.fileHandleForWriting.write(Data(bytes)); try? input.fileHandleForWriting.close() }
        writer.start()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(compressed)
    }

    // MARK: Broken tiles

    static func reason(_ bytes: [UInt8]) -> String? {
        do {
            _ = try VectorTile(decoding: bytes)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("geometry that runs past its end, a line without a start, an unknown command: each named, none read")
    func brokenGeometry() {
        #expect(Self.reason(TestVectorTile(layers: [.init(name: "l", features: [.init(type: 2, geometry: [9, 4, 4, 26, 0, 16])])]).bytes)
                == "it is damaged: a feature's geometry runs past its end")
        #expect(Self.reason(TestVectorTile(layers: [.init(name: "l", features: [.init(type: 2, geometry: [18, 0, 16, 16, 0])])]).bytes)
                == "it is damaged: a feature's line starts without a point")
        #expect(Self.reason(TestVectorTile(layers: [.init(name: "l", features: [.init(type: 2, geometry: [9, 4, 4, 13])])]).bytes)
                == "it is damaged: a feature's geometry holds an unknown command (5)")
        #expect(Self.reason(TestVectorTile(layers: [.init(name: "l", features: [.init(type: 2, geometry: [9, 4, 4, 15])])]).bytes)
                == "it is damaged: a feature closes a shape it did not start")
        // A count near 2^29 with nothing after it.
        #expect(Self.reason(TestVectorTile(layers: [.init(name: "l", features: [.init(type: 1, geometry: [UInt32.max & ~7 | 1])])]).bytes)
                == "it is damaged: a feature's geometry runs past its end")
    }

    @Test("a tag naming a key or value the layer lacks, an odd number of tags, a later version: refused")
    func brokenLayers() {
        #expect(Self.reason(TestVectorTile(layers: [.init(name: "l", keys: ["a"], values: [TestVectorTile.bool(true)],
                                                         features: [.init(type: 1, tags: [0, 1], geometry: [9, 2, 2])])]).bytes)
                == "it is damaged: a feature of its layer “l” names an attribute the layer does not have")
        #expect(Self.reason(TestVectorTile(layers: [.init(name: "l", keys: ["a"], values: [TestVectorTile.bool(true)],
                                                         features: [.init(type: 1, tags: [0], geometry: [9, 2, 2])])]).bytes)
                == "it is damaged: a feature of a vector tile has a key without a value")
        #expect(Self.reason(TestVectorTile(layers: [.init(name: "l", version: 3)]).bytes)
                == "it is damaged: its layer “l” is of vector tile version 3, and Places reads versions 1 and 2")
        #expect(Self.reason(TestVectorTile(layers: [.init(name: "l", extent: 0)]).bytes)
                == "it is damaged: its layer “l” has an extent of 0 units")
    }

    @Test("every truncation of a real tile is refused or read short, never read past its end")
    func truncations() throws {
        let bytes = TestVectorTile(layers: [
            .init(name: "roads", keys: ["class", "name"], values: [TestVectorTile.string("primary"), TestVectorTile.string("Mannerheimintie")],
                  features: [.init(id: 7, type: 2, tags: [0, 0, 1, 1], geometry: [9, 4, 4, 18, 0, 16, 16, 0])]),
            .init(name: "water", features: [.init(type: 3, geometry: [9, 6, 12, 18, 10, 12, 24, 44, 15])]),
        ]).bytes
        #expect(Self.reason(bytes) == nil)
        var refused = 0
        for length in 0..<bytes.count {
            if let reason = Self.reason(Array(bytes[..<length])) {
                #expect(reason.hasPrefix("it is damaged: "))
                refused += 1
            }
        }
        // Only the cuts at the boundary between the two layers, and the empty tile, read whole.
        #expect(refused >= bytes.count - 2)
    }

    @Test("a declared length far beyond the tile, a number of eleven bytes, a wire type that does not exist")
    func lyingLengths() {
        #expect(Self.reason([0x1A, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0x0A]) == "it is damaged: a vector tile ends in the middle of a value")
        #expect(Self.reason([0x18] + [UInt8](repeating: 0xFF, count: 10) + [0x01]) == "it is damaged: a vector tile holds a number longer than ten bytes")
        #expect(Self.reason([0x1F]) == "it is damaged: a vector tile uses a protocol buffer wire type (7) that does not exist")
    }

    @Test("a tile of a million features is refused with the limit named, and quickly")
    func millionFeatures() {
        var layer = ProtobufWriter()
        layer.stringField(1, "dots")
        var feature = ProtobufWriter()
        feature.varintField(3, 1)
        feature.packedField(4, [9, 2, 2])
        for _ in 0..<1_000_000 { layer.bytesField(2, feature.bytes) }
        var tile = ProtobufWriter()
        tile.bytesField(3, layer.bytes)
        #expect(Self.reason(tile.bytes) == "it is damaged: a vector tile holds more than 200,000 features")
    }

    @Test("a tile of a thousand and one empty layers (two bytes each) is refused")
    func manyLayers() {
        #expect(Self.reason([UInt8](repeating: 0, count: 2_002).enumerated().map { $0.offset.isMultiple(of: 2) ? 0x1A : 0 })
                == "it is damaged: a vector tile holds more than 1,000 layers")
    }

    @Test("a gzip bomb (64 MB of zeros in 64 kB) stops at the tile limit")
    func gzipBomb() throws {
        // 64 MB of zeros compress to 64 kB; the limit is 8 MB.
        let bomb = try Self.gzip([UInt8](repeating: 0, count: 64 << 20))
        #expect(bomb.count < 100_000)
        #expect(Self.reason(bomb) == "it is damaged: its compressed data holds more than the 8.4 MB Places reads")
    }

    @Test("random damage to a real tile never crashes: each damaged tile is read or refused in words")
    func randomDamage() throws {
        let bytes = TestVectorTile(layers: [
            .init(name: "transportation", keys: ["class", "name", "rank"],
                  values: [TestVectorTile.string("primary"), TestVectorTile.string("Aleksanterinkatu"), TestVectorTile.sint(4)],
                  features: [.init(id: 1, type: 2, tags: [0, 0, 1, 1, 2, 2], geometry: [9, 4, 4, 18, 0, 16, 16, 0]),
                             .init(type: 3, tags: [0, 0], geometry: [9, 6, 12, 18, 10, 12, 24, 44, 15])]),
        ]).bytes
        var generator = SplitMix64(seed: 31)
        for _ in 0..<20_000 {
            var damaged = bytes
            for _ in 0...Int(generator.next() % 4) {
                damaged[Int(generator.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            if let reason = Self.reason(damaged) { #expect(reason.hasPrefix("it is damaged: ")) }
        }
    }
}
