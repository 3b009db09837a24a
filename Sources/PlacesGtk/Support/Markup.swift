import CGtk

/// Escaping for text from data that ends up inside Pango markup.
public enum Markup {
    /// `text` with `<`, `>`, `&`, `'` and `"` escaped by `g_markup_escape_text`, so a place named
    /// `<b>Tom & Jerry's</b>` displays literally.
    public static func escape(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
