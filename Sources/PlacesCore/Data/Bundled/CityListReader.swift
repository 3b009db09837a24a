/// Reads `cities.tsv`: a header line, then `name, country, latitude, longitude, population` and an
/// optional `region` separated by tabs. Lines that do not parse, or name no city, are skipped.
public enum CityListReader {
    public static func read(_ text: String) -> [City] {
        var cities: [City] = []
        var isHeader = true
        // Any line break: "\r\n" is a single Character, so splitting on "\n" alone would not split it.
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            if isHeader { isHeader = false; continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 5, !fields[0].allSatisfy(\.isWhitespace),
                  let latitude = Double(fields[2]), let longitude = Double(fields[3]) else { continue }
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            guard coordinate.isValid else { continue }
            let region = fields.count > 5 ? String(fields[5]) : ""
            cities.append(City(name: String(fields[0]), region: region, country: String(fields[1]), coordinate: coordinate,
                               population: Int(fields[4]) ?? 0))
        }
        return cities
    }
}
