/// A value one of the person's own places was given on another computer while this one gave it
/// another, neither knowing of the other: the later is shown, this one is kept beside it, and the
/// card offers it ("Also changed on laptop: name “Picnic lawn”").
public struct PlaceAlternative: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        case name(String)
        case kind(Category)
        case position(Coordinate)
        case notes(String)
        case link(String)
        case properties([String: String])
    }

    public var value: Value
    /// The name of the computer it was made on.
    public var computer: String

    public init(_ value: Value, computer: String) {
        self.value = value
        self.computer = computer
    }

    /// `place` with this value in place of its own.
    public func applied(to place: Place) -> Place {
        var place = place
        switch value {
        case .name(let name): place.name = name
        case .kind(let kind): place.category = kind
        case .position(let coordinate): place.coordinate = coordinate
        case .notes(let notes): place.notes = notes
        case .link(let link): place.link = link
        case .properties(let pairs): place.properties = PlaceProperties(pairs)
        }
        return place
    }

    /// Which field of the place it is a value of.
    var field: SyncField {
        switch value {
        case .name: .name
        case .kind: .kind
        case .position: .position
        case .notes: .notes
        case .link: .link
        case .properties: .properties
        }
    }

    /// What the card says of it: "Also changed on laptop: name “Picnic lawn”".
    public var summary: String {
        let what: String
        switch value {
        case .name(let name): what = tr("name “{name}”", ["name": name.clipped(to: 80)])
        case .kind(let kind): what = tr("kind {kind}", ["kind": kind.displayName])
        case .position(let coordinate): what = tr("position {position}", ["position": PlaceFormatting.coordinate(coordinate)])
        case .notes(let notes): what = notes.isEmpty ? tr("no notes") : tr("notes “{notes}”", ["notes": notes.clipped(to: 80)])
        case .link(let link): what = link.isEmpty ? tr("no link") : tr("link {link}", ["link": link.clipped(to: 80)])
        case .properties: what = tr("other details")
        }
        return tr("Also changed on {computer}: {what}", ["computer": computer, "what": what])
    }
}
