/// The notebook's tabs, in order. The raw value is the tab's id (the command line's `--tab`, the trace).
public enum Tab: String, CaseIterable, Sendable {
    case map, places, profile

    public var title: String {
        switch self {
        case .map: tr("Map")
        case .places: tr("Places")
        case .profile: tr("Profile")
        }
    }

    /// The notebook page that shows it.
    public var page: Int { Tab.allCases.firstIndex(of: self)! }
}
