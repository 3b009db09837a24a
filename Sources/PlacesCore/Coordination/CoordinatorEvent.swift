import Foundation

/// Something the coordinator did, as written to the `PLACES_TRACE` log.
public enum CoordinatorEvent: Equatable, Sendable {
    case tabShown(Tab)
    case cardRevealed(id: Place.ID, name: String)
    case cardHidden
    case cardFullyShown
    case firstFrame(places: Int)
    case profileSaved(name: String, city: String?)
    case errorShown(String)
    case placesLoaded(source: String, places: Int, skipped: Int, milliseconds: Double)
    case camera(center: Coordinate, zoom: Double, width: Double, height: Double, originX: Double, originY: Double)

    /// The event as one line of JSON.
    public var jsonLine: String {
        switch self {
        case .tabShown(let tab):
            return #"{"event":"tab-shown","tab":"\#(tab.title)"}"#
        case .cardRevealed(let id, let name):
            return #"{"event":"card-revealed","id":\#(JSONText.quoted(id)),"name":\#(JSONText.quoted(name))}"#
        case .cardHidden:
            return #"{"event":"card-hidden"}"#
        case .cardFullyShown:
            return #"{"event":"card-fully-shown"}"#
        case .firstFrame(let places):
            return #"{"event":"first-frame","places":\#(places)}"#
        case .profileSaved(let name, let city):
            return #"{"event":"profile-saved","name":\#(JSONText.quoted(name)),"city":\#(city.map(JSONText.quoted) ?? "null")}"#
        case .errorShown(let message):
            return #"{"event":"error-shown","message":\#(JSONText.quoted(message))}"#
        case .placesLoaded(let source, let places, let skipped, let milliseconds):
            let ms = (milliseconds * 10).rounded() / 10
            return #"{"event":"places-loaded","source":\#(JSONText.quoted(source)),"places":\#(places),"skipped":\#(skipped),"ms":\#(ms)}"#
        case .camera(let center, let zoom, let width, let height, let originX, let originY):
            return #"{"event":"camera","lat":\#(center.latitude),"lon":\#(center.longitude),"zoom":\#(zoom),"width":\#(width),"height":\#(height),"x":\#(originX),"y":\#(originY)}"#
        }
    }
}

/// Minimal JSON string quoting for trace lines.
enum JSONText {
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
