// libFuzzer target: any bytes as a GeoJSON import. Reading never traps; what it makes is valid (positions
// on the globe, ids unique) and survives an export and a second import unchanged. Run by `make fuzz`.
import FuzzDriver
import PlacesCore

fuzzingRun { start, count in
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let result = try? GeoJSONReader(source: "fuzz").read(bytes) else { return 0 }
    precondition(result.places.allSatisfy(\.coordinate.isValid), "a place off the globe")
    precondition(Set(result.places.map(\.id)).count == result.places.count, "two places with one id")
    let exported = Array(GeoJSONWriter.write(result.places).utf8)
    guard let again = try? GeoJSONReader(source: "fuzz").read(exported) else { preconditionFailure("an export does not import") }
    precondition(again.places.map(\.name) == result.places.map(\.name), "names changed through an export")
    precondition(again.places.map(\.coordinate) == result.places.map(\.coordinate), "positions changed through an export")
    return 0
}
