/// The Online Tiles preference: off until the person turns it on (Places makes no network request
/// before), and the server's address as a URL template.
public struct OnlineTiles: Equatable, Sendable, Codable {
    public var isEnabled: Bool
    /// `https://tile.openstreetmap.org/{z}/{x}/{y}.png`, or the person's own.
    public var template: String

    /// OpenStreetMap's own tile server, used within its tile usage policy.
    public static let openStreetMap = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"

    public init(isEnabled: Bool = false, template: String = OnlineTiles.openStreetMap) {
        self.isEnabled = isEnabled
        self.template = template
    }

    public var isOpenStreetMap: Bool { template == Self.openStreetMap }
}
