/// A name a vector map gives, placed where it overlaps no marker, no other name and nothing drawn
/// over the map: a town or quarter, a point of interest (with its dot, clickable like a marker) or
/// a street (along it).
public struct MapStreetLabel: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A town or quarter: `isMajor` for cities and towns, drawn larger.
        case place(isMajor: Bool)
        case pointOfInterest
        case road
    }

    public var kind: Kind
    /// The name as drawn (clipped like every shown name).
    public var text: String
    /// Where it stands in the canvas's pixels: a point of interest's dot, a street name's centre.
    public var position: ScreenPoint
    /// A street name's slope in radians (0 for the others).
    public var angle: Double
    /// What it names: a point of interest's card reads it.
    public var feature: StreetFeature

}
