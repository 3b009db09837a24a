extension String {
    /// The text cut to at most `limit` characters, ending in "…" when cut: data shown in a label or a
    /// message never runs to megabytes, whatever a file holds.
    public func clipped(to limit: Int) -> String {
        guard let end = index(startIndex, offsetBy: limit, limitedBy: endIndex), end != endIndex else { return self }
        return String(self[..<index(before: end)]) + "…"
    }
}
