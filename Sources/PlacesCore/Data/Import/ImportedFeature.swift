/// What a reader makes of one feature of a file: a place (a point) or a shape (a line or an area).
public enum ImportedFeature: Sendable {
    case place(Place)
    case shape(PlaceShape)
}
