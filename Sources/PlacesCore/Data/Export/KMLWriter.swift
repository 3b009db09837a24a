/// Writes places as a KML 2.2 document of Point placemarks, which Google Earth, Google My Maps and GIS
/// tools open: the name, the notes (or else the line about the place) as `description`, and the
/// kind, the link, every property kept from import, the favourite flag and the collections as
/// `ExtendedData`, so that an export reads back the same.
public enum KMLWriter {
    public static func write(_ places: [Place], title: String) -> String {
        write(places.map { ExportedPlace($0) }, title: title)
    }

    public static func write(_ places: [ExportedPlace], title: String) -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        out += #"<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>\#(XMLText.escaped(title))</name>"# + "\n"
        for exported in places {
            let place = exported.place
            out += "  <Placemark><name>\(XMLText.escaped(place.name))</name>"
            if !exported.description.isEmpty { out += "<description>\(XMLText.escaped(html(exported.description)))</description>" }
            var data = [(key: "category", value: place.category.rawValue)]
            if !place.link.isEmpty { data.append((key: "link", value: place.link)) }
            if let summary = exported.summaryBesideNotes { data.append((key: "summary", value: summary)) }
            data += place.properties.map { $0 }
            data += exported.membership
            out += "<ExtendedData>"
            for (key, value) in data {
                out += #"<Data name="\#(XMLText.escaped(key))"><value>\#(XMLText.escaped(value))</value></Data>"#
            }
            out += "</ExtendedData><Point><coordinates>\(place.coordinate.longitude.description),\(place.coordinate.latitude.description)</coordinates></Point></Placemark>\n"
        }
        return out + "</Document></kml>\n"
    }

    /// Plain text as the HTML a KML description is (Google Earth and My Maps render it so): `&`, `<`
    /// and `>` as entities, each line break a `<br>`. Blank lines and runs of spaces are not kept.
    private static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\n", with: "<br>\n")
    }
}
