import Testing
@testable import PlacesCore

@Suite("HTMLText")
struct HTMLTextTests {
    static let samples = [
        "cafe", "", "Open daily<br>9–5", "a<br/>b<BR />c<Br\t>d", "<b>Open</b> daily", "a<br>b<i>c</i>", "<brr>", "<br",
        "<<br>", "x <", "1 < 2", "<br<br>>", "<br / >", "<a href=\"https://x\">x</a>", "Café<br/>", "<img src=x>",
    ]

    @Test("line breaks alone are not markup to keep; any other tag, or a broken break, is")
    func markupBeyondLineBreaks() {
        for text in ["cafe", "", "Open daily<br>9–5", "a<br/>b<BR />c<Br\t>d", "Café<br/>"] {
            #expect(!HTMLText.hasMarkup(beyondLineBreaks: text), "\(text)")
        }
        for text in ["<b>Open</b> daily", "a<br>b<i>c</i>", "<brr>", "<br", "<<br>", "1 < 2", "<br / >"] {
            #expect(HTMLText.hasMarkup(beyondLineBreaks: text), "\(text)")
        }
    }

    @Test("the scan answers as removing every line break with a regular expression and looking for a tag did")
    func agreesWithTheExpression() {
        for text in Self.samples {
            #expect(HTMLText.hasMarkup(beyondLineBreaks: text) == text.replacing(/<br\s*\/?>/.ignoresCase(), with: "").contains("<"), "\(text)")
        }
    }
}
