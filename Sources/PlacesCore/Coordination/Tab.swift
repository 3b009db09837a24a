/// The notebook's tabs, in order.
public enum Tab: Int, CaseIterable, Sendable {
    case map, places, profile

    /// The tab's label.
    public var title: String {
        switch self {
        case .map: "Map"
        case .places: "Places"
        case .profile: "Profile"
        }
    }
}
