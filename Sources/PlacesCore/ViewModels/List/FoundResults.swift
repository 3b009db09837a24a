/// What the list's search finds beyond the library: the point a typed text or link names (or why it
/// cannot be read), and the gazetteer's towns and airports, each as a row with the place it stands for.
struct FoundResults {
    /// The point the search text names, as its own section at the top of the list.
    var point: [FoundRow] = []
    /// Towns and airports, best first.
    var towns: [FoundRow] = []
    /// Every town was found only by forgiving a typo: they follow the library's files, whose places
    /// hold the words as typed.
    var townsAreForgiven = false
    /// Why a text meant as a point cannot be shown ("The latitude must be between…").
    var problem: String?

    struct FoundRow {
        var row: PlaceRow
        var origin: FoundPlace
    }

    var isEmpty: Bool { point.isEmpty && towns.isEmpty }

    func origin(of id: Place.ID) -> FoundPlace? {
        (point + towns).first { $0.row.id == id }?.origin
    }
}
