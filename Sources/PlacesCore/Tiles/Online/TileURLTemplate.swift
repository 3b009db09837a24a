/// A tile server's address with `{z}`, `{x}` and `{y}` standing for a tile's level, column and row
/// (`https://tile.openstreetmap.org/{z}/{x}/{y}.png`), and optionally `{s}` for one of the
/// subdomains a, b and c, chosen by the tile so that the same tile always has the same address.
public struct TileURLTemplate: Equatable, Sendable {
    public let text: String
    /// The server's host name ("tile.openstreetmap.org").
    public let host: String

    /// Why a template cannot be used, in words.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    public init(_ text: String) throws(Problem) {
        let text = text.trimmingWhitespace()
        guard text.utf8.count <= 2048 else { throw Problem(description: tr("the address is longer than 2,048 characters")) }
        let lowered = text.lowercased()
        let scheme = ["https://", "http://"].first { lowered.hasPrefix($0) }
        guard let scheme else { throw Problem(description: tr("the address must start with https:// or http://")) }
        guard !text.contains(where: { $0.isWhitespace || $0.isNewline }) else {
            throw Problem(description: tr("the address has a space in it"))
        }
        let missing = ["{z}", "{x}", "{y}"].filter { !text.contains($0) }
        guard missing.isEmpty else {
            throw Problem(description: tr("the address has no {placeholders}, where the tile's level, column and row go",
                                          ["placeholders": missing.joined(separator: ", ")]))
        }
        let rest = text.dropFirst(scheme.count)
        let host = rest.prefix { $0 != "/" && $0 != ":" && $0 != "?" }
        guard !host.isEmpty else { throw Problem(description: tr("the address names no server")) }
        self.text = text
        self.host = String(host)
    }

    public func url(for id: TileID) -> String {
        var url = text
        if url.contains("{s}") { url = url.replacingAll("{s}", with: ["a", "b", "c"][(id.x + id.y) % 3]) }
        return url.replacingAll("{z}", with: String(id.z)).replacingAll("{x}", with: String(id.x)).replacingAll("{y}", with: String(id.y))
    }
}

private extension String {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
