// libFuzzer target: any bytes as the bundled city list (cities.tsv). Reading never traps, and every city
// it keeps has a name and a position on the globe. Run by `make fuzz`.
import FuzzDriver
import PlacesCore

fuzzingRun { start, count in
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    for city in CityListReader.read(text) {
        precondition(city.coordinate.isValid && !city.name.isEmpty, "a city without a name or off the globe")
    }
    return 0
}
