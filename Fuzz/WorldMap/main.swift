// libFuzzer target: any bytes as the bundled base map (world.bin). Reading never traps. Run by `make fuzz`.
import FuzzDriver
import PlacesCore

fuzzingRun { start, count in
    _ = try? WorldMapReader.read(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
