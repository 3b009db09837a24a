/// Coordinates as people type them: decimal degrees (`48.8584, 2.2945`, `-33.86 151.21`) or degrees,
/// minutes and seconds (`48°51′30″N 2°17′40″E`, `48 51 30 N, 2 17 40 E`), latitude first, with signs or
/// hemisphere letters before or after the numbers (a longitude written first is recognised by its
/// letter). Decimal commas are read when a `;` separates the two or the text is just two such numbers
/// (`45,19 5,72`).
public enum CoordinateText {
    /// Why a text is not a coordinate, in words for the person typing it.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case notTwoValues
        case latitudeOutOfRange
        case longitudeOutOfRange
        case minutesOrSecondsTooLarge

        public var description: String {
            switch self {
            case .notTwoValues: tr("Type a latitude and a longitude, such as 48.8584, 2.2945 or 48°51′30″N 2°17′40″E.")
            case .latitudeOutOfRange: tr("The latitude must be between 90° S and 90° N.")
            case .longitudeOutOfRange: tr("The longitude must be between 180° W and 180° E.")
            case .minutesOrSecondsTooLarge: tr("Minutes and seconds must be less than 60.")
            }
        }
    }

    /// The text an editor starts with: decimal degrees, five decimals (about a metre).
    public static func format(_ coordinate: Coordinate) -> String {
        func decimal(_ value: Double) -> String {
            let scaled = (value * 100_000).rounded()
            let sign = scaled < 0 ? "-" : ""
            let magnitude = Int(abs(scaled))
            let fraction = String(magnitude % 100_000)
            return "\(sign)\(magnitude / 100_000).\(String(repeating: "0", count: 5 - fraction.count))\(fraction)"
        }
        return "\(decimal(coordinate.latitude)), \(decimal(coordinate.longitude))"
    }

    public static func parse(_ text: String) -> Result<Coordinate, Problem> {
        let upper = lettersAfterNumbers(decimalCommasMarked(text.uppercased()))
        let decimalComma = upper.contains(";")
        guard upper.count <= 200, let parts = split(upper, decimalComma: decimalComma),
              var latitude = part(parts.0, decimalComma: decimalComma),
              var longitude = part(parts.1, decimalComma: decimalComma)
        else { return .failure(.notTwoValues) }
        if latitude.letter == "E" || latitude.letter == "W" || longitude.letter == "N" || longitude.letter == "S" {
            swap(&latitude, &longitude)
        }
        guard latitude.letter.map({ "NS".contains($0) }) ?? true, longitude.letter.map({ "EW".contains($0) }) ?? true else {
            return .failure(.notTwoValues)
        }
        guard let lat = latitude.degrees(negativeLetter: "S"), let lon = longitude.degrees(negativeLetter: "W") else {
            return .failure(.minutesOrSecondsTooLarge)
        }
        guard (-90...90).contains(lat) else { return .failure(.latitudeOutOfRange) }
        guard (-180...180).contains(lon) else { return .failure(.longitudeOutOfRange) }
        return .success(Coordinate(latitude: lat, longitude: lon))
    }

    /// "N 45.19 E 5.72" as "45.19 N 5.72 E": a hemisphere letter written before its number moves after it.
    private static func lettersAfterNumbers(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first, first.count == 1, "NSEW".contains(first) else { return text }
        var moved: [Substring] = [], letter: Substring?
        for word in words {
            if word.count == 1, "NSEW".contains(word) {
                if let letter { moved.append(letter) }
                letter = word
            } else {
                moved.append(word)
            }
        }
        if let letter { moved.append(letter) }
        return moved.joined(separator: " ")
    }

    /// "45,19 5,72" and "45,19, 5,72" (decimal commas, as French and German write them) as "45,19; 5,72",
    /// which the rest reads with decimal commas. Text with a ";" already, or other commas, is left alone.
    private static func decimalCommasMarked(_ text: String) -> String {
        guard !text.contains(";") else { return text }
        if let match = text.wholeMatch(of: #/\s*(-?\d+,\d+)\s*,?\s+(-?\d+,\d+)\s*/#) {
            return "\(match.1); \(match.2)"
        }
        return text
    }

    /// One half: up to three numbers (degrees, minutes, seconds) and a hemisphere letter.
    private struct Part {
        var numbers: [Double]
        var letter: Character?

        /// Signed degrees; nil when minutes or seconds are 60 or more.
        func degrees(negativeLetter: Character) -> Double? {
            let minutes = numbers.count > 1 ? numbers[1] : 0, seconds = numbers.count > 2 ? numbers[2] : 0
            guard (0..<60).contains(minutes), (0..<60).contains(seconds) else { return nil }
            let magnitude = abs(numbers[0]) + minutes / 60 + seconds / 3600
            let negative = numbers[0] < 0 || numbers[0].sign == .minus || letter == negativeLetter
            return negative ? -magnitude : magnitude
        }
    }

    /// The text cut into its latitude and longitude halves.
    private static func split(_ text: String, decimalComma: Bool) -> (Substring, Substring)? {
        if decimalComma {
            let halves = text.split(separator: ";", omittingEmptySubsequences: false)
            return halves.count == 2 ? (halves[0], halves[1]) : nil
        }
        // A hemisphere letter ends the first half when it follows a number ("48°51′N 2°17′E").
        if let letter = text.firstIndex(where: { "NSEW".contains($0) }),
           text[..<letter].contains(where: \.isNumber), text[text.index(after: letter)...].contains(where: \.isNumber) {
            let end = text.index(after: letter)
            return (text[..<end], text[end...].drop { $0 == "," || $0 == " " })
        }
        let halves = text.split(separator: ",", omittingEmptySubsequences: false)
        if halves.count == 2 { return (halves[0], halves[1]) }
        guard halves.count == 1 else { return nil }
        if text.contains("°") { return degreeHalves(text) }
        let numbers = numberTokens(text)
        guard [2, 4, 6].contains(numbers.count) else { return nil }
        let half = numbers.count / 2
        return (Substring(numbers[..<half].joined(separator: " ")), Substring(numbers[half...].joined(separator: " ")))
    }

    /// Halves of a text with degree signs and nothing else between them: a value starts at each
    /// number followed by "°", so "45°45′30″ 4°50′" is two values and "45°45" is one, still being typed.
    private static func degreeHalves(_ text: String) -> (Substring, Substring)? {
        var values: [[Substring]] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(where: isNumberCharacter) {
            let end = rest[start...].firstIndex { !isNumberCharacter($0) } ?? rest.endIndex
            let number = rest[start..<end]
            if values.isEmpty || rest[end...].first == "°" { values.append([]) }
            values[values.count - 1].append(number)
            rest = rest[end...]
        }
        guard values.count == 2 else { return nil }
        return (Substring(values[0].joined(separator: " ")), Substring(values[1].joined(separator: " ")))
    }

    private static func part(_ text: Substring, decimalComma: Bool) -> Part? {
        let letters = text.filter(\.isLetter)
        guard letters.count <= 1, letters.allSatisfy({ "NSEW".contains($0) }) else { return nil }
        let tokens = numberTokens(String(decimalComma ? text.map { $0 == "," ? "." : $0 } : Array(text)))
        guard (1...3).contains(tokens.count) else { return nil }
        var numbers: [Double] = []
        for token in tokens {
            guard let value = Double(token), value.isFinite else { return nil }
            numbers.append(value)
        }
        // Only the degrees may carry a sign, and not together with a hemisphere letter.
        guard numbers.dropFirst().allSatisfy({ $0 >= 0 }), letters.isEmpty || numbers[0] >= 0 else { return nil }
        return Part(numbers: numbers, letter: letters.first)
    }

    /// The numbers in `text`, split at anything that cannot be part of one (°, ′, ″, ', ", spaces, letters).
    private static func numberTokens(_ text: String) -> [String] {
        text.split { !isNumberCharacter($0) }.map(String.init)
    }

    private static func isNumberCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isNumber || character == "." || character == "-" || character == "+")
    }
}
