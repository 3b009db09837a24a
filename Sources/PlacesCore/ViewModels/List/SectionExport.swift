/// A list section about to be exported: its title, a file name to suggest, its places, and a
/// file's lines and areas.
public struct SectionExport: Equatable, Sendable {
    /// The section's title ("Airports", "trip.geojson").
    public var title: String
    /// The file name to suggest ("Airports.geojson").
    public var fileName: String
    /// The ids of the section's places, in list order.
    public var placeIDs: [Place.ID]
    /// The ids of the lines and areas of the section's file (none for other sections).
    public var shapeIDs: [PlaceShape.ID]
    /// What the section's file says about itself (its name, other apps' data), for an export of a
    /// file's section to give back; nil for other sections.
    public var document: SourceDocument?

    public init(title: String, fileName: String, placeIDs: [Place.ID], shapeIDs: [PlaceShape.ID] = [], document: SourceDocument? = nil) {
        self.title = title
        self.fileName = fileName
        self.placeIDs = placeIDs
        self.shapeIDs = shapeIDs
        self.document = document
    }
}
