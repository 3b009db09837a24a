/// What a reader makes of one feature of a file: a place (a point), with the lists the file puts it
/// in (`FeatureFields.groups`, a KML `Folder`, an Organic Maps list), or a shape (a line or an area).
public enum ImportedFeature: Sendable {
    case place(Place, groups: [String])
    case shape(PlaceShape)
}
