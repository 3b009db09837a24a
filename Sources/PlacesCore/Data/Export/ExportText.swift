/// How the writers hand a document on: in pieces of about a megabyte, so that an export written to
/// a file never holds the whole text (a 60 MB GPX was held twice, as a string and as its bytes).
enum ExportText {
    static let pieceSize = 1 << 20

    /// Hands `text` to `emit` and empties it, once it has grown to a piece.
    static func hand(_ text: inout String, to emit: (String) -> Void) {
        guard text.utf8.count >= pieceSize else { return }
        emit(text)
        text = ""
    }

    /// The whole text a writer hands on, for a caller that wants it as one string.
    static func collect(_ write: ((String) -> Void) -> Void) -> String {
        var text = ""
        write { text += $0 }
        return text
    }
}
