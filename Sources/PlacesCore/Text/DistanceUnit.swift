import Foundation

/// The unit distances are written in.
public enum DistanceUnit: String, Sendable, Codable, CaseIterable {
    case kilometres
    case miles

    public static let kilometresPerMile = 1.609344

    /// The unit of the locale that measures (`LC_ALL`, `LC_MEASUREMENT`, then `LANG`, as C reads them):
    /// miles where glibc's locales measure in US units (the United States, Liberia, Myanmar), otherwise
    /// kilometres (the United Kingdom's locale included: glibc's `en_GB` is metric).
    public static func preferred(environment: [String: String] = ProcessInfo.processInfo.environment) -> DistanceUnit {
        let name = ["LC_ALL", "LC_MEASUREMENT", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let identifier = name.split(separator: ".").first.map(String.init) ?? ""
        let region = identifier.split(separator: "_").dropFirst().first.map { String($0.prefix(2)).uppercased() }
        return ["US", "LR", "MM"].contains(region ?? "") ? .miles : .kilometres
    }
}
