/// Open Location Code ("Plus Codes", https://plus.codes), written from the specification in
/// google/open-location-code: a 20-letter alphabet, five pairs of base-20 digits down to 1/8000 degree,
/// then up to five digits of a 5 x 4 grid. Checked against the reference test vectors.
public enum PlusCode {
    public struct Area: Equatable, Sendable {
        public var south: Double
        public var west: Double
        public var north: Double
        public var east: Double
        /// Significant digits, without the separator and padding.
        public var length: Int

        public var centre: Coordinate {
            Coordinate(latitude: min((south + north) / 2, 90), longitude: min((west + east) / 2, 180))
        }
    }

    static let alphabet = Array("23456789CFGHJMPQRVWX".utf8)
    static let separator = UInt8(ascii: "+")
    static let padding = UInt8(ascii: "0")
    static let separatorPosition = 8
    static let pairLength = 10
    static let maximumLength = 15
    static let pairPrecision = 8000  // 20^3: units of the pair digits per degree
    static let latitudeGridPrecision = 25_000_000  // 8000 x 5^5
    static let longitudeGridPrecision = 8_192_000  // 8000 x 4^5

    /// The code of the `length`-digit cell holding `coordinate` (10 digits: about 14 m; 11: about 3 m).
    public static func encode(_ coordinate: Coordinate, length: Int = 10) -> String {
        let units = gridUnits(coordinate)
        return encode(latitudeUnits: units.latitude, longitudeUnits: units.longitude, length: length)
    }

    /// The coordinate in the finest grid's units counted from the south-west corner of the world, as
    /// the specification converts it (latitude clipped, longitude wrapped).
    static func gridUnits(_ coordinate: Coordinate) -> (latitude: Int, longitude: Int) {
        var latitude = Int((coordinate.latitude * Double(latitudeGridPrecision)).rounded(.down)) + 90 * latitudeGridPrecision
        latitude = min(max(latitude, 0), 180 * latitudeGridPrecision - 1)
        let longitude = Int((coordinate.longitude * Double(longitudeGridPrecision)).rounded(.down)) + 180 * longitudeGridPrecision
        let span = 360 * longitudeGridPrecision
        return (latitude, ((longitude % span) + span) % span)
    }

    static func encode(latitudeUnits: Int, longitudeUnits: Int, length requested: Int) -> String {
        let length = min(max(requested, 2), maximumLength) & (requested < pairLength ? ~1 : ~0)
        var latitude = latitudeUnits, longitude = longitudeUnits
        var digits = [UInt8](repeating: 0, count: maximumLength)
        for index in stride(from: maximumLength - 1, through: pairLength, by: -1) {
            digits[index] = alphabet[(latitude % 5) * 4 + longitude % 4]
            latitude /= 5
            longitude /= 4
        }
        for pair in stride(from: pairLength - 2, through: 0, by: -2) {
            digits[pair] = alphabet[latitude % 20]
            digits[pair + 1] = alphabet[longitude % 20]
            latitude /= 20
            longitude /= 20
        }
        var code = Array(digits[0..<min(length, separatorPosition)])
        code += [UInt8](repeating: padding, count: max(0, separatorPosition - length))
        code.append(separator)
        if length > separatorPosition { code += digits[separatorPosition..<length] }
        return String(decoding: code, as: UTF8.self)
    }

    /// The area of a full code; nil for a short or invalid one.
    public static func decode(_ code: String) -> Area? {
        guard isFull(code) else { return nil }
        let digits = Array(code.uppercased().utf8).filter { $0 != separator && $0 != padding }.prefix(maximumLength).map { alphabet.firstIndex(of: $0)! }
        var latitude = -90 * pairPrecision, longitude = -180 * pairPrecision
        var place = 160_000  // 20^4: the first pair's units of 1/8000 degree
        let pairs = min(digits.count, pairLength)
        for index in stride(from: 0, to: pairs, by: 2) {
            latitude += digits[index] * place
            longitude += digits[index + 1] * place
            if index < pairs - 2 { place /= 20 }
        }
        var latitudeSize = Double(place) / Double(pairPrecision), longitudeSize = latitudeSize
        var south = Double(latitude) / Double(pairPrecision), west = Double(longitude) / Double(pairPrecision)
        if digits.count > pairLength {
            var row = 625, column = 256  // 5^4 and 4^4: the first grid digit's units
            var gridLatitude = 0, gridLongitude = 0
            for index in pairLength..<digits.count {
                gridLatitude += digits[index] / 4 * row
                gridLongitude += digits[index] % 4 * column
                if index < digits.count - 1 {
                    row /= 5
                    column /= 4
                }
            }
            latitudeSize = Double(row) / Double(latitudeGridPrecision)
            longitudeSize = Double(column) / Double(longitudeGridPrecision)
            south += Double(gridLatitude) / Double(latitudeGridPrecision)
            west += Double(gridLongitude) / Double(longitudeGridPrecision)
        }
        return Area(south: south, west: west, north: south + latitudeSize, east: west + longitudeSize, length: digits.count)
    }

    /// A well-formed code, full or short: one "+" at an even position no later than the eighth, padding
    /// only as whole pairs right before the eighth and nothing after it, and only digits of the alphabet.
    public static func isValid(_ code: String) -> Bool {
        let bytes = Array(code.uppercased().utf8)
        guard let plus = bytes.firstIndex(of: separator), bytes.lastIndex(of: separator) == plus,
              bytes.count >= 2, plus <= separatorPosition, plus % 2 == 0, bytes.count - plus != 2 else { return false }
        if let pad = bytes.firstIndex(of: padding) {
            guard pad > 0, pad < plus, plus == separatorPosition, bytes.count == plus + 1 else { return false }
            let run = bytes[pad..<plus]
            guard run.count % 2 == 0, run.allSatisfy({ $0 == padding }), pad % 2 == 0 else { return false }
        }
        return bytes.allSatisfy { $0 == separator || $0 == padding || alphabet.contains($0) }
    }

    /// A valid code missing its leading pairs ("QXQQ+XX"): meaningful only near a reference point.
    public static func isShort(_ code: String) -> Bool {
        isValid(code) && Array(code.utf8).firstIndex(of: separator)! < separatorPosition
    }

    /// A valid code with all its pairs, inside the world's latitudes and longitudes.
    public static func isFull(_ code: String) -> Bool {
        guard isValid(code), !isShort(code) else { return false }
        let bytes = Array(code.uppercased().utf8)
        return alphabet.firstIndex(of: bytes[0])! * 20 < 180 && alphabet.firstIndex(of: bytes[1]).map { $0 * 20 < 360 } ?? false
    }

    /// The full code nearest `reference` that ends with the short `code`; a full code is returned as it
    /// is (upper-cased); nil for an invalid one.
    public static func recoverNearest(_ code: String, to reference: Coordinate) -> String? {
        guard isValid(code) else { return nil }
        if isFull(code) { return code.uppercased() }
        guard isShort(code) else { return nil }
        let plus = Array(code.utf8).firstIndex(of: separator)!
        let missing = separatorPosition - plus
        let resolution = pow20(2 - missing / 2)
        let latitude = min(max(reference.latitude, -90), 90)
        let longitude = normalised(reference.longitude)
        let prefix = encode(Coordinate(latitude: latitude, longitude: longitude)).prefix(missing)
        guard let area = decode(prefix + code.uppercased()) else { return nil }
        var centre = area.centre
        if latitude + resolution / 2 < centre.latitude, centre.latitude - resolution >= -90 {
            centre.latitude -= resolution
        } else if latitude - resolution / 2 > centre.latitude, centre.latitude + resolution <= 90 {
            centre.latitude += resolution
        }
        if longitude + resolution / 2 < centre.longitude {
            centre.longitude -= resolution
        } else if longitude - resolution / 2 > centre.longitude {
            centre.longitude += resolution
        }
        return encode(centre, length: area.length)
    }

    /// `code` without as many leading pairs as `reference` makes unambiguous; nil when it cannot be
    /// shortened (a short or padded code).
    public static func shorten(_ code: String, near reference: Coordinate) -> String? {
        guard isFull(code), !code.contains("0"), let area = decode(code) else { return nil }
        let centre = area.centre
        let range = max(abs(centre.latitude - min(max(reference.latitude, -90), 90)), abs(centre.longitude - normalised(reference.longitude)))
        for removed in [4, 3, 2] where range < pow20(2 - removed) * 0.3 {
            return String(code.uppercased().dropFirst(removed * 2))
        }
        return code.uppercased()
    }

    private static func pow20(_ exponent: Int) -> Double {
        exponent >= 0 ? (0..<exponent).reduce(1) { value, _ in value * 20 } : 1 / pow20(-exponent)
    }

    private static func normalised(_ longitude: Double) -> Double {
        var value = longitude
        while value < -180 { value += 360 }
        while value >= 180 { value -= 360 }
        return value
    }
}
