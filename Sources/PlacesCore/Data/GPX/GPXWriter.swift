/// Writes places as GPX 1.1 waypoints, which GPS devices, OsmAnd and route planners open: the name,
/// the line about the place as `desc`, the kind as `type`, the link as `link`, and the other
/// properties kept from import as `extensions` (`<places:property name="…">`), so that an export
/// reads back the same.
public enum GPXWriter {
    public static func write(_ places: [Place]) -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<gpx version="1.1" creator="Places" xmlns="http://www.topografix.com/GPX/1/1" xmlns:places="urn:places:gpx:1">"# + "\n"
        for place in places {
            out += #"  <wpt lat="\#(place.coordinate.latitude.description)" lon="\#(place.coordinate.longitude.description)">"#
            out += "<name>\(XMLText.escaped(place.name))</name>"
            if !place.summary.isEmpty { out += "<desc>\(XMLText.escaped(place.summary))</desc>" }
            if !place.link.isEmpty { out += #"<link href="\#(XMLText.escaped(place.link))"/>"# }
            out += "<type>\(XMLText.escaped(place.category.rawValue))</type>"
            if !place.properties.isEmpty {
                out += "<extensions>"
                for (key, value) in place.properties {
                    out += #"<places:property name="\#(XMLText.escaped(key))">\#(XMLText.escaped(value))</places:property>"#
                }
                out += "</extensions>"
            }
            out += "</wpt>\n"
        }
        return out + "</gpx>\n"
    }
}
