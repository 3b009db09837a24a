/// What the bottom card shows for the selected place, or the selected line or area.
public struct PlaceCardState: Equatable, Sendable {
    public var id: Place.ID
    /// The place's name (plain text).
    public var title: String
    /// "Airport", "Capital"...
    public var category: String
    /// The kind's legend symbol.
    public var symbol: String
    public var colour: RGB
    /// One line about the place (may be empty).
    public var summary: String
    /// "48.8584° N, 2.2945° E".
    public var coordinate: String
    /// "1,234 km from Lyon", or nil without a home city.
    public var distance: String?
    /// What is here: "12 km NE of Grenoble, Auvergne-Rhône-Alpes, France", for a point found or
    /// asked about (nil for other places, and before the gazetteer is read).
    public var nearby: String?
    /// Found beyond the library (a town, an airport, a point): it can be added to My Places.
    public var isFound = false
    /// A town found in the gazetteer: it can become the home city.
    public var offersSetAsHome = false
    /// The file it came from ("from “trip.gpx”"), nil for the bundled places and the person's own.
    public var origin: String?
    public var isFavourite: Bool
    /// One of the person's own places: it can be edited and deleted (others can be copied).
    public var isOwn: Bool
    /// The person's notes (several lines, may be empty).
    public var notes: String
    /// A web address to open, or empty.
    public var link: String
    /// It is shown off the map (under the list): it offers to show the place on the map.
    public var offersShowOnMap = false
    /// A place, which can be a favourite, go into collections and be copied; false for a line or an
    /// area, which the card only describes.
    public var isPlace = true
    /// For one of the person's own places edited on two computers at once, what the other gave it:
    /// "Also changed on laptop: name “Picnic lawn”", each of which the person can take.
    public var alsoChanged: [String] = []
    /// Favourites (the first collection, `Membership.favouritesID`), then the person's collections,
    /// each with whether the place is in it.
    public var collections: [Membership]

    /// One collection as the card's collection menu offers it.
    public struct Membership: Equatable, Sendable {
        /// The id under which Favourites is offered among the collections.
        public static let favouritesID: PlaceCollection.ID = "favourites"

        public var id: PlaceCollection.ID
        public var name: String
        public var isMember: Bool

        public init(id: PlaceCollection.ID, name: String, isMember: Bool) {
            self.id = id
            self.name = name
            self.isMember = isMember
        }
    }
}
