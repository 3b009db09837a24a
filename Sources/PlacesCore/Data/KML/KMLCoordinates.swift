/// KML's `<coordinates>`: "longitude,latitude[,altitude]" tuples separated by white space, read over
/// the bytes (a line can hold hundreds of thousands of them).
enum KMLCoordinates {
    static func parse(_ text: String) -> Result<[Coordinate], CoordinateCheck.Problem> {
        var positions: [Coordinate] = []
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count else { break }
                let start = index
                var commas: [Int] = []
                while index < bytes.count, !isSpace(bytes[index]) {
                    if bytes[index] == UInt8(ascii: ","), commas.count < 2 { commas.append(index) }
                    index += 1
                }
                let tuple = start..<index
                guard let first = commas.first else {
                    return .failure(.init(reason: tr("coordinates “{text}” are not longitude,latitude",
                                                     ["text": String(decoding: bytes[tuple], as: UTF8.self).clipped(to: 40)])))
                }
                let end = commas.count > 1 ? commas[1] : index
                let longitude = String(decoding: bytes[start..<first], as: UTF8.self)
                let latitude = String(decoding: bytes[(first + 1)..<end], as: UTF8.self)
                switch CoordinateCheck.coordinate(latitude: latitude, longitude: longitude) {
                case .success(let coordinate): positions.append(coordinate)
                case .failure(let problem): return .failure(problem)
                }
            }
            return .success(positions)
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}
