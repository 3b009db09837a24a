import Foundation

/// The rules that turn a feature's properties, as a file names them, into what a place shows: its
/// name, one line about it, its kind, a web link and whether the exporter says it has no location.
/// One place for the rules every reader shares, so that a file reads the same whatever its format.
///
/// Nested properties are named by their path, "location.name", so that the layouts people bring
/// read as expected: Google Takeout's saved places put the name and address under `location`
/// (`location.name`, `location.address`) and the link in `google_maps_url`; its older layout uses
/// `Title`, `Location.Business Name`, `Location.Address` and `Google Maps URL`.
public struct FeatureFields: Sendable {
    /// Property paths that name a place, in order of preference (matched ignoring case).
    static let nameKeys = ["name", "title", "location.name", "location.business name"]
    /// Paths of a line about the place; the address serves when there is none.
    static let summaryKeys = ["description", "desc", "summary", "location.address", "address"]
    static let categoryKeys = ["category", "amenity", "tourism", "shop", "type", "featurecla"]
    /// Paths of a web page about the place.
    static let linkKeys = ["url", "link", "website", "google_maps_url", "google maps url"]
    /// Paths where an exporter says why a feature has no real position (Takeout writes
    /// "No location information is available for this saved place" and coordinates 0, 0).
    static let commentKeys = ["comment"]

    public var name: String?
    public var summary: String?
    public var category: String?
    public var link: String?
    /// The exporter's own words that the feature has no location: the feature is skipped with them.
    public var noLocation: String?
    /// Every other property, by path.
    public var kept: [String: String] = [:]

    /// Sorts `properties` (path and text, in any order) into fields; the first path of each rule wins,
    /// and a field's path is not kept again.
    public init(_ properties: [(path: String, text: String)]) {
        var byPath: [String: (path: String, text: String)] = [:]
        for property in properties {
            let key = property.path.lowercased()
            if byPath[key] == nil { byPath[key] = property }
        }
        func take(_ keys: [String], where accepted: (String) -> Bool = { _ in true }) -> String? {
            for key in keys {
                guard let property = byPath[key] else { continue }
                let text = property.text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !text.isEmpty, accepted(text) else { continue }
                byPath[key] = nil
                return text
            }
            return nil
        }
        name = take(Self.nameKeys)
        summary = take(Self.summaryKeys)
        category = take(Self.categoryKeys)
        link = take(Self.linkKeys, where: Self.isWebLink)
        if let comment = Self.commentKeys.lazy.compactMap({ byPath[$0]?.text }).first,
           comment.range(of: "no location", options: .caseInsensitive) != nil {
            noLocation = comment
        }
        // A second path with a value already shown (Takeout's Title and Location.Business Name) is not kept twice.
        let shown = Set([name, summary, link].compactMap { $0 })
        let shownKeys = Set(Self.nameKeys + Self.summaryKeys + Self.linkKeys)
        for (key, property) in byPath
        where !(shownKeys.contains(key) && shown.contains(property.text.trimmingCharacters(in: .whitespacesAndNewlines))) {
            kept[property.path] = property.text
        }
    }

    private static func isWebLink(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
    }
}
