/// Writes places as a KML 2.2 document of Point placemarks, which Google Earth, Google My Maps and GIS
/// tools open: the name, the line about the place as `description`, and the kind, the link and every
/// property kept from import as `ExtendedData`, so that an export reads back the same.
public enum KMLWriter {
    public static func write(_ places: [Place], title: String) -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>\#(XMLText.escaped(title))</name>"# + "\n"
        for place in places {
            out += "  <Placemark><name>\(XMLText.escaped(place.name))</name>"
            if !place.summary.isEmpty { out += "<description>\(XMLText.escaped(place.summary))</description>" }
            var data = [(key: "category", value: place.category.rawValue)]
            if !place.link.isEmpty { data.append((key: "link", value: place.link)) }
            data += place.properties.map { $0 }
            out += "<ExtendedData>"
            for (key, value) in data {
                out += #"<Data name="\#(XMLText.escaped(key))"><value>\#(XMLText.escaped(value))</value></Data>"#
            }
            out += "</ExtendedData><Point><coordinates>\(place.coordinate.longitude.description),\(place.coordinate.latitude.description)</coordinates></Point></Placemark>\n"
        }
        return out + "</Document></kml>\n"
    }
}
