import Foundation

/// The text of an HTML fragment, as KML descriptions are often written ("<b>Open</b> daily<br/>9–5"):
/// tags become spaces (a `br` or `p` a line break), the few entities such text (and a map's
/// attribution: "&copy; OpenStreetMap") uses are decoded,
/// runs of white space are one space. Not an HTML parser: it shows a description as a line of text.
enum HTMLText {
    static func plain(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html.trimmedOfWhitespace }
        var text = ""
        var tag: String?
        for character in html {
            if var name = tag {
                if character == ">" {
                    let lowered = name.lowercased()
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
}
