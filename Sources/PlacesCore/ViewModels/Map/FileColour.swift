/// The colour a file gives a place, for its marker: GeoJSON's `marker-color` (Mapbox's simplestyle,
/// as geojson.io and uMap write it), OsmAnd's `osmand:color` (`extensions.color`), a `color` or
/// `colour` property, a KML style's `IconStyle` colour (`kml:style`, resolved through StyleMaps),
/// Organic Maps' placemark styles (`#placemark-red`) and Google My Maps' icon styles
/// (`#icon-1899-0288D1`, the colour in the name). Nil when the file gives none; the marker then has
/// its kind's colour. Lines and areas read `stroke` first, and a style's `LineStyle` (`ofLine`).
enum FileColour {
    private static let keys = ["marker-color", "extensions.color", "color", "colour", KMLBuilder.styleProperty, "styleUrl"]

    /// Organic Maps' and CoMaps' placemark colours, as their apps draw them (approximately).
    private static let organicMaps: [String: RGB] = [
        "red": hex(0xE51B23), "pink": hex(0xFF4182), "purple": hex(0x9B24B2), "deeppurple": hex(0x6639BF),
        "blue": hex(0x0066CC), "lightblue": hex(0x249CF2), "cyan": hex(0x14BECD), "teal": hex(0x00A58C),
        "green": hex(0x3C8C3C), "lime": hex(0x93BF39), "yellow": hex(0xFFC800), "orange": hex(0xFF9600),
        "deeporange": hex(0xF06432), "brown": hex(0x804633), "gray": hex(0x737373), "bluegray": hex(0x597380),
    ]

    static func of(_ properties: PlaceProperties) -> RGB? {
        colour(in: properties, keys: keys, styles: ["IconStyle"])
    }

    /// The colour a file gives a line or an area: GeoJSON's `stroke` (simplestyle), OsmAnd's track
    /// `osmand:color`, a `color` property, or a style's (as for a marker).
    static func ofLine(_ properties: PlaceProperties) -> RGB? {
        colour(in: properties, keys: lineKeys, styles: ["LineStyle", "PolyStyle"])
    }

    private static let lineKeys = ["stroke", "extensions.color", "color", "colour", KMLBuilder.styleProperty, "styleUrl"]

    /// The first colour `keys` give; a KML style's is the first of its `styles` elements with one.
    private static func colour(in properties: PlaceProperties, keys: [String], styles: [String]) -> RGB? {
        guard !properties.isEmpty else { return nil }
        for key in keys {
            guard let value = properties[key]?.trimmedOfWhitespace, !value.isEmpty else { continue }
            let colour = switch key {
            case "styleUrl": style(value)
            case KMLBuilder.styleProperty: styles.lazy.compactMap { kml(in: value, of: $0) }.first
            default: parse(value)
            }
            if let colour { return colour }
        }
        return nil
    }

    /// The `color` of a KML style's `element` (IconStyle, LineStyle), written `aabbggrr`.
    static func kml(in style: String, of element: String) -> RGB? {
        guard let start = style.range(of: "<\(element)>"), let end = style.range(of: "</\(element)>", range: start.upperBound..<style.endIndex),
              let open = style.range(of: "<color>", range: start.upperBound..<end.lowerBound),
              let close = style.range(of: "</color>", range: open.upperBound..<end.lowerBound) else { return nil }
        let digits = style[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
        guard digits.count == 8, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        // aabbggrr: red in the lowest byte.
        return hex((value & 0xFF) << 16 | (value >> 8 & 0xFF) << 8 | (value >> 16 & 0xFF))
    }

    /// "#RRGGBB", "#AARRGGBB" (OsmAnd), "RRGGBB" or "#RGB".
    static func parse(_ text: String) -> RGB? {
        var digits = Substring(text)
        if digits.first == "#" { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        switch digits.count {
        case 6, 8: return hex(value & 0xFF_FFFF)
        case 3: return RGB(Double(value >> 8 & 0xF) / 15, Double(value >> 4 & 0xF) / 15, Double(value & 0xF) / 15)
        default: return nil
        }
    }

    /// The colour a style's id names: `#placemark-red`, `#icon-1899-0288D1` (`-normal`, `-highlight`).
    private static func style(_ url: String) -> RGB? {
        let id = url.hasPrefix("#") ? url.dropFirst() : Substring(url)
        if id.hasPrefix("placemark-") { return organicMaps[String(id.dropFirst("placemark-".count))] }
        let parts = id.split(separator: "-")
        if parts.first == "icon", parts.count >= 3 { return parse(String(parts[2])) }
        return nil
    }

    private static func hex(_ value: UInt32) -> RGB {
        RGB(Double(value >> 16 & 0xFF) / 255, Double(value >> 8 & 0xFF) / 255, Double(value & 0xFF) / 255)
    }
}
