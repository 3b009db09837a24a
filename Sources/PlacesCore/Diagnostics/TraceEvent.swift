import Foundation

/// One line of the `PLACES_TRACE` log. Events that claim something is on screen are recorded by the
/// views once GTK has done it (a tab page switched, a slide finished, a frame painted); the others by
/// the model's side (`ModelTrace`).
public enum TraceEvent: Equatable, Sendable {
    case tabShown(Tab)
    /// The card finished sliding up, showing this place's name (read back from its label).
    case cardRevealed(id: Place.ID, name: String)
    /// The first frame painted with the card partly up.
    case cardRevealing(id: Place.ID)
    case cardHidden
    /// The first frame painted with markers on the map, and the GTK renderer that painted it
    /// (its type: `GskCairoRenderer`, `GskGLRenderer`…).
    case firstFrame(markers: Int, renderer: String)
    /// A frame of the window was painted, taking this long.
    case frame(paintMilliseconds: Double)
    case profileSaved(name: String, city: String?)
    /// The error banner now shows this text.
    case errorShown(String)
    /// A toast now shows this text.
    case noticeShown(String)
    case placesLoaded(source: String, places: Int, skipped: Int, milliseconds: Double)
    /// One of the person's own places was added (also by undoing its deletion), changed or removed.
    case placeAdded(id: Place.ID, name: String)
    case placeUpdated(id: Place.ID, name: String)
    case placeRemoved(id: Place.ID, name: String)
    /// Undo or redo took back or made again an edit of this kind (`PlaceEdit.kind`) about `id`.
    case undo(edit: String, id: String, name: String)
    case redo(edit: String, id: String, name: String)
    /// The first frame painted with this text in the Places tab's search field.
    case searchTyped(String)
    /// The first frame painted with the list's results for this search: its row count and the line
    /// above it ("20 places found"), read back from the widgets.
    case listShown(query: String, rows: Int, summary: String)
    /// A frame of the map was painted with this many tiles of its map layers in view still being
    /// made (recorded when the number changes).
    case layerTilesWaiting(Int)
    /// The map came to rest here; `originX`, `originY` are the canvas's top-left corner in the window.
    case camera(center: Coordinate, zoom: Double, width: Double, height: Double, originX: Double, originY: Double)

    public var jsonLine: String {
        switch self {
        case .tabShown(let tab):
            return #"{"event":"tab-shown","tab":"\#(tab.rawValue)"}"#
        case .cardRevealed(let id, let name):
            return #"{"event":"card-revealed","id":\#(JSONText.quoted(id)),"name":\#(JSONText.quoted(name))}"#
        case .cardRevealing(let id):
            return #"{"event":"card-revealing","id":\#(JSONText.quoted(id))}"#
        case .cardHidden:
            return #"{"event":"card-hidden"}"#
        case .firstFrame(let markers, let renderer):
            return #"{"event":"first-frame","markers":\#(markers),"renderer":\#(JSONText.quoted(renderer))}"#
        case .frame(let milliseconds):
            return #"{"event":"frame","paint_ms":\#(JSONText.number(milliseconds))}"#
        case .profileSaved(let name, let city):
            return #"{"event":"profile-saved","name":\#(JSONText.quoted(name)),"city":\#(city.map(JSONText.quoted) ?? "null")}"#
        case .errorShown(let message):
            return #"{"event":"error-shown","message":\#(JSONText.quoted(message))}"#
        case .noticeShown(let message):
            return #"{"event":"notice-shown","message":\#(JSONText.quoted(message))}"#
        case .placesLoaded(let source, let places, let skipped, let milliseconds):
            return #"{"event":"places-loaded","source":\#(JSONText.quoted(source)),"places":\#(places),"skipped":\#(skipped),"ms":\#(JSONText.number(milliseconds))}"#
        case .placeAdded(let id, let name):
            return #"{"event":"place-added","id":\#(JSONText.quoted(id)),"name":\#(JSONText.quoted(name))}"#
        case .placeUpdated(let id, let name):
            return #"{"event":"place-updated","id":\#(JSONText.quoted(id)),"name":\#(JSONText.quoted(name))}"#
        case .placeRemoved(let id, let name):
            return #"{"event":"place-removed","id":\#(JSONText.quoted(id)),"name":\#(JSONText.quoted(name))}"#
        case .undo(let edit, let id, let name):
            return #"{"event":"undo","edit":\#(JSONText.quoted(edit)),"id":\#(JSONText.quoted(id)),"name":\#(JSONText.quoted(name))}"#
        case .redo(let edit, let id, let name):
            return #"{"event":"redo","edit":\#(JSONText.quoted(edit)),"id":\#(JSONText.quoted(id)),"name":\#(JSONText.quoted(name))}"#
        case .searchTyped(let text):
            return #"{"event":"search-typed","text":\#(JSONText.quoted(text))}"#
        case .listShown(let query, let rows, let summary):
            return #"{"event":"list-shown","query":\#(JSONText.quoted(query)),"rows":\#(rows),"summary":\#(JSONText.quoted(summary))}"#
        case .layerTilesWaiting(let count):
            return #"{"event":"layer-tiles","waiting":\#(count)}"#
        case .camera(let center, let zoom, let width, let height, let originX, let originY):
            return #"{"event":"camera","lat":\#(center.latitude),"lon":\#(center.longitude),"zoom":\#(zoom),"width":\#(width),"height":\#(height),"x":\#(originX),"y":\#(originY)}"#
        }
    }
}

/// JSON text for trace lines.
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

    /// A number with three decimals at most.
    static func number(_ value: Double) -> String {
        String((value * 1000).rounded() / 1000)
    }
}
