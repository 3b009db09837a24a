/// One export file written a feature at a time, each piece handed to `emit` as it grows to a
/// megabyte (`ExportText`): how the window's exports write a section and `places --convert` writes
/// a file while it reads the other, never holding all of either. Places come first, then lines and
/// areas.
protocol ExportDocument {
    mutating func add(_ place: ExportedPlace, emit: (String) -> Void)
    mutating func add(_ shape: PlaceShape, emit: (String) -> Void)
    /// Writes the end of the document and hands on what is left.
    mutating func finish(emit: (String) -> Void)
}

extension ExportDocument {
    /// Writes `places`, then `shapes`, then the end.
    mutating func write(_ places: some Sequence<ExportedPlace>, shapes: [PlaceShape], emit: (String) -> Void) {
        for place in places { add(place, emit: emit) }
        for shape in shapes { add(shape, emit: emit) }
        finish(emit: emit)
    }

    /// The whole document for `places` and `shapes`, as one string.
    mutating func text(_ places: some Sequence<ExportedPlace>, shapes: [PlaceShape]) -> String {
        ExportText.collect { write(places, shapes: shapes, emit: $0) }
    }
}
