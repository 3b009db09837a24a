@testable import PlacesCore
import Testing

/// XML text is escaped scalar by scalar in the plainest way here; `XMLText` works on bytes and
/// returns text needing nothing as it is. They must agree on every string.
@Suite("XML text escaping")
struct XMLTextTests {
    /// The rule, written the plainest way.
    private static func reference(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @Test("examples")
    func examples() {
        #expect(XMLText.escaped("Café Central") == "Café Central")
        #expect(XMLText.escaped("Tom & Jerry's <\"b\">") == "Tom &amp; Jerry&apos;s &lt;&quot;b&quot;&gt;")
        #expect(XMLText.escaped("a\u{0}b\u{1B}c\td\ne\rf") == "abc\td\ne\rf")
        #expect(XMLText.escaped("x\u{FFFE}y\u{FFFF}z\u{FFFD}\u{EFFF}") == "xyz\u{FFFD}\u{EFFF}")
        #expect(XMLText.escaped("") == "")
    }

    @Test("agrees with the plain rule on 20,000 random strings")
    func random() {
        let alphabet: [Unicode.Scalar] = ["a", "Z", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "é",
                                          "\u{FFFD}", "\u{FFFE}", "\u{FFFF}", "\u{EFBF}", "\u{F000}", "\u{1F3D4}", "ß", "中"]
        var state: UInt64 = 42
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(state >> 60) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            let string = String(text)
            #expect(XMLText.escaped(string) == Self.reference(string), "\(string.debugDescription)")
        }
    }
}
