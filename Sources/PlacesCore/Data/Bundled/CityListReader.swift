/// Reads `cities.tsv`: a header line, then `name, country, latitude, longitude, population` and an
/// optional `region` separated by tabs. Lines that do not parse, or name no city, are skipped.
public enum CityListReader {
    public static func read(_ text: String) -> [City] { read(bytes: Array(text.utf8)) }

    /// Reads the file's bytes (UTF-8) as they are: lines end at `\n`, `\r\n` or `\r`, and only the
    /// fields are made into strings (splitting a whole file into `Character`s took longer than the
    /// rest of the bundled data together).
    public static func read(bytes: [UInt8]) -> [City] {
        let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), tab = UInt8(ascii: "\t")
        var cities: [City] = []
        var isHeader = true
        for line in bytes.split(omittingEmptySubsequences: true, whereSeparator: { $0 == newline || $0 == carriageReturn }) {
            if isHeader { isHeader = false; continue }
            let fields = line.split(separator: tab, omittingEmptySubsequences: false)
            guard fields.count >= 5 else { continue }
            let text = { (index: Int) in String(decoding: fields[index], as: UTF8.self) }
            let name = text(0)
            guard !name.allSatisfy(\.isWhitespace), let latitude = Double(text(2)), let longitude = Double(text(3)) else { continue }
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            guard coordinate.isValid else { continue }
            cities.append(City(name: name, region: fields.count > 5 ? text(5) : "", country: text(1), coordinate: coordinate,
                               population: Int(text(4)) ?? 0))
        }
        return cities
    }
}
