import Foundation

/// The text of an HTML fragment, as KML descriptions are often written ("<b>Open</b> daily<br/>9–5"):
/// tags become spaces (a `br` or `p` a line break), the few entities such text (and a map's
/// attribution: "&copy; OpenStreetMap") uses are decoded,
/// runs of white space are one space. Not an HTML parser: it shows a description as a line of text.
/// With `links`, a link keeps its target after its text ("the museum (https://…)") when they differ.
enum HTMLText {
    static func plain(_ html: String, links: Bool = false) -> String {
        guard html.contains("<") || html.contains("&") else { return html.trimmedOfWhitespace }
        var text = ""
        var tag: String?
        /// The open link's target, and where its text starts.
        var link: (target: String, start: String.Index)?
        for character in html {
            if var name = tag {
                if character == ">" {
                    let lowered = name.lowercased()
                    if links, lowered.hasPrefix("a "), let target = Self.href(in: name) {
                        link = (target, text.endIndex)
                    } else if links, lowered.hasPrefix("/a"), let open = link {
                        let label = text[open.start...].trimmingCharacters(in: .whitespaces)
                        if label != open.target { text += " (" + open.target + ")" }
                        link = nil
                    }
                    text += lowered.hasPrefix("br") || lowered.hasPrefix("p") || lowered.hasPrefix("/p") || lowered.hasPrefix("div") ? "\n" : " "
                    tag = nil
                } else {
                    name.append(character)
                    tag = name.count > 200 ? nil : name
                }
            } else if character == "<" {
                tag = ""
            } else {
                text.append(character)
            }
        }
        let entities = [("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"),
                        ("&copy;", "©"), ("&#169;", "©"), ("&amp;", "&")]
        for (entity, character) in entities {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        let lines = text.split(separator: "\n").map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        return lines.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// Whether `html` has a tag other than a line break (`<br>`, `<br/>`, `<BR />`): markup that
    /// `plain` loses. A scan of the bytes: a `Regex` that removed the line breaks first cost about 60 µs
    /// a description (a 100,000-placemark KML took 6.6 s to import, and 0.7–1.0 s with the scan).
    static func hasMarkup(beyondLineBreaks html: String) -> Bool {
        var rest = html.utf8[...]
        while let open = rest.firstIndex(of: UInt8(ascii: "<")) {
            rest = rest[rest.index(after: open)...]
            guard rest.count >= 2, rest.prefix(2).map({ $0 | 0x20 }) == Array("br".utf8) else { return true }
            rest = rest.dropFirst(2).drop { $0 == 0x20 || (0x09...0x0D).contains($0) }
            if rest.first == UInt8(ascii: "/") { rest = rest.dropFirst() }
            guard rest.first == UInt8(ascii: ">") else { return true }
            rest = rest.dropFirst()
        }
        return false
    }

    /// The `href` of an `a` tag's text (`a href="https://…" target=_blank`), quoted or not.
    private static func href(in tag: String) -> String? {
        guard let range = tag.range(of: "href=", options: .caseInsensitive) else { return nil }
        var rest = tag[range.upperBound...]
        if let quote = rest.first, quote == "\"" || quote == "'" {
            rest = rest.dropFirst()
            return rest.firstIndex(of: quote).map { String(rest[..<$0]) }
        }
        return String(rest.prefix { !$0.isWhitespace })
    }
}
