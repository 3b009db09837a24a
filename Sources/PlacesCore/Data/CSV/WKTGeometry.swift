/// A geometry written as Well-Known Text ("POINT (16.37 48.21)", "LINESTRING (…)", "POLYGON ((…))" and
/// their MULTI forms, with or without Z and M), as GDAL, QGIS and PostGIS write it in tables. X is
/// the longitude, Y the latitude.
enum WKTGeometry {
    case points([Coordinate])
    case line([[Coordinate]])
    case area([[Coordinate]])

    /// The geometry of `text`, or the reason it is none.
    static func parse(_ text: String) -> Result<WKTGeometry, CoordinateCheck.Problem> {
        var scanner = Scanner(Array(text.utf8))
        let word = scanner.word().uppercased()
        let modifier = scanner.word().uppercased()
        guard ["POINT", "LINESTRING", "POLYGON", "MULTIPOINT", "MULTILINESTRING", "MULTIPOLYGON"].contains(word) else {
            return .failure(.init(reason: tr("“{text}” is not a point, line or polygon in WKT", ["text": text.clipped(to: 40)])))
        }
        if modifier == "EMPTY" { return .failure(.init(reason: tr("the geometry is empty"))) }
        guard ["", "Z", "M", "ZM"].contains(modifier) else {
            return .failure(.init(reason: tr("“{text}” is not a point, line or polygon in WKT", ["text": text.clipped(to: 40)])))
        }
        let tree: Node
        switch scanner.node(depth: 0) {
        case .success(let node): tree = node
        case .failure(let problem): return .failure(problem)
        }
        guard scanner.isAtEnd else { return .failure(.init(reason: tr("text after the geometry"))) }
        switch (word, tree) {
        case ("POINT", .positions(let positions)) where positions.count == 1: return .success(.points(positions))
        case ("MULTIPOINT", .positions(let positions)): return .success(.points(positions))
        case ("MULTIPOINT", .lists(let lists)):
            let positions = lists.compactMap { if case .positions(let single) = $0, single.count == 1 { single[0] } else { nil } }
            guard positions.count == lists.count else { break }
            return .success(.points(positions))
        case ("LINESTRING", .positions(let positions)) where positions.count >= 2: return .success(.line([positions]))
        case ("MULTILINESTRING", .lists(let lists)), ("POLYGON", .lists(let lists)):
            let parts = lists.compactMap { if case .positions(let part) = $0 { part } else { nil } }
            let minimum = word == "POLYGON" ? 3 : 2
            guard parts.count == lists.count, parts.allSatisfy({ $0.count >= minimum }) else { break }
            return .success(word == "POLYGON" ? .area(parts) : .line(parts))
        case ("MULTIPOLYGON", .lists(let polygons)):
            var rings: [[Coordinate]] = []
            for polygon in polygons {
                guard case .lists(let members) = polygon else { return .failure(.init(reason: tr("the polygon's rings are malformed"))) }
                for member in members {
                    guard case .positions(let ring) = member, ring.count >= 3 else { return .failure(.init(reason: tr("the polygon's rings are malformed"))) }
                    rings.append(ring)
                }
            }
            guard !rings.isEmpty else { break }
            return .success(.area(rings))
        default:
            break
        }
        return .failure(.init(reason: tr("the {kind} has too few positions or is nested wrongly", ["kind": word])))
    }

    /// A parenthesized list: positions, or lists of them.
    private indirect enum Node {
        case positions([Coordinate])
        case lists([Node])
    }

    private struct Scanner {
        let bytes: [UInt8]
        var offset = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool {
            mutating get {
                skipSpaces()
                return offset == bytes.count
            }
        }

        mutating func skipSpaces() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        }

        mutating func word() -> String {
            skipSpaces()
            let start = offset
            while offset < bytes.count, (0x41...0x5A).contains(bytes[offset] & 0xDF) { offset += 1 }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }

        /// "( … )" at the cursor: positions when it starts with a number, lists when with "(".
        mutating func node(depth: Int) -> Result<Node, CoordinateCheck.Problem> {
            skipSpaces()
            guard depth < 8, offset < bytes.count, bytes[offset] == UInt8(ascii: "(") else {
                return .failure(.init(reason: tr("the geometry's parentheses are malformed")))
            }
            offset += 1
            skipSpaces()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "(") {
                var lists: [Node] = []
                repeat {
                    switch node(depth: depth + 1) {
                    case .success(let child): lists.append(child)
                    case .failure(let problem): return .failure(problem)
                    }
                } while separator()
                return closing() ? .success(.lists(lists)) : .failure(.init(reason: tr("the geometry's parentheses are malformed")))
            }
            var positions: [Coordinate] = []
            repeat {
                var numbers: [Double] = []
                while true {
                    skipSpaces()
                    let start = offset
                    while offset < bytes.count, !" \t\r\n,()".utf8.contains(bytes[offset]) { offset += 1 }
                    guard offset > start else { break }
                    let text = String(decoding: bytes[start..<offset], as: UTF8.self)
                    guard let number = Double(text) else {
                        return .failure(.init(reason: tr("“{text}” is not a number", ["text": text.clipped(to: 40)])))
                    }
                    numbers.append(number)
                }
                guard numbers.count >= 2 else { return .failure(.init(reason: tr("a position needs X and Y"))) }
                switch CoordinateCheck.coordinate(latitude: numbers[1], longitude: numbers[0]) {
                case .success(let coordinate): positions.append(coordinate)
                case .failure(let problem): return .failure(problem)
                }
            } while separator()
            return closing() ? .success(.positions(positions)) : .failure(.init(reason: tr("the geometry's parentheses are malformed")))
        }

        mutating func separator() -> Bool {
            skipSpaces()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ",") else { return false }
            offset += 1
            return true
        }

        mutating func closing() -> Bool {
            skipSpaces()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ")") else { return false }
            offset += 1
            return true
        }
    }
}
