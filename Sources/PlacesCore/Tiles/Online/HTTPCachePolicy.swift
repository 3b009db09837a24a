import Foundation

/// How long a tile may be used without asking the server again, from the HTTP caching headers the
/// server sent (RFC 9111): `Cache-Control: no-store` forbids keeping it, `no-cache` and `max-age=0`
/// keep it but ask again every time, `max-age` wins over `Expires`; a tile without either is kept
/// for a day, as OpenStreetMap's tile usage policy asks at least.
enum HTTPCachePolicy {
    static let defaultLifetime: TimeInterval = 24 * 3600

    /// Until when the tile is fresh; nil when it must not be kept at all.
    static func expiry(headers: [String: String], now: Date) -> Date? {
        let directives = (headers["cache-control"] ?? "").lowercased().split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if directives.contains("no-store") { return nil }
        if directives.contains("no-cache") { return now }
        if let maxAge = directives.lazy.compactMap(maxAge).first { return now.addingTimeInterval(maxAge) }
        if let expires = headers["expires"] { return httpDate(expires).map { min($0, now.addingTimeInterval(365 * 86_400)) } ?? now }
        return now.addingTimeInterval(defaultLifetime)
    }

    private static func maxAge(_ directive: String) -> TimeInterval? {
        guard directive.hasPrefix("max-age=") else { return nil }
        let digits = directive.dropFirst("max-age=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        guard let seconds = Int64(digits) else { return 0 }  // unreadable: stale at once, as the RFC says
        return TimeInterval(min(max(seconds, 0), 365 * 86_400))
    }

    /// An HTTP date ("Sun, 06 Nov 1994 08:49:37 GMT"); nil when it is not one (then already expired).
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text.trimmingCharacters(in: .whitespaces))
    }
}
