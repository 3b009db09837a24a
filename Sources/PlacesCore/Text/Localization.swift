import CGlibc
import Foundation

/// Places' translations, through glibc's gettext (text domain `places`): `tr("Map")` is the
/// person's language's word for it, or the English text when there is no translation.
///
/// Messages are whole sentences with named placeholders in braces, filled in after translation
/// (`tr("Imported {file}", ["file": name])`), so that a translation can put them in any order.
/// `po/places.pot` is extracted from the calls to `tr` and `trPlural` by `make po`.
public enum Localization {
    public static let domain = "places"

    /// Takes the person's language from the environment (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`)
    /// and reads translations from `directory` (`…/share/locale`, holding `fr/LC_MESSAGES/places.mo`).
    /// C's number formatting stays the C locale's (`LC_NUMERIC`): files and traces written with `%f`
    /// keep their decimal points; numbers for people are written with `locale`.
    public static func start(localeDirectory directory: String) {
        setlocale(LC_ALL, "")
        setlocale(LC_NUMERIC, "C")
        bindtextdomain(domain, directory)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The locale numbers and distances are written for: the environment's (`LC_ALL`, `LC_NUMERIC`,
    /// `LANG`, as C reads them), since Foundation's `Locale.current` does not follow them on Linux.
    public static func locale(environment: [String: String] = ProcessInfo.processInfo.environment) -> Locale {
        let name = ["LC_ALL", "LC_NUMERIC", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let identifier = name.split(separator: ".").first.map(String.init) ?? ""
        return identifier.isEmpty || identifier == "C" || identifier == "POSIX" ? .current : Locale(identifier: identifier)
    }

    /// Where the translations are: `$PLACES_LOCALE_DIR`; `<prefix>/share/locale` beside the installed
    /// binary; or the build tree's `.build/locale` (made by `make po`) beside the package.
    public static func localeDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    ) -> String {
        if let override = environment["PLACES_LOCALE_DIR"], !override.isEmpty { return override }
        let installed = executable.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/locale")
        let buildTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // Sources/PlacesCore/Text
            .appendingPathComponent("../../../.build/locale").standardized
        let candidates = [installed, buildTree]
        return (candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("fr/LC_MESSAGES/places.mo").path) } ?? installed).path
    }
}

/// The translation of `message` with its `{name}` placeholders replaced by `values`.
public func tr(_ message: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
    // Without a translation gettext hands back the pointer it was given: the message itself.
    let text = message.withCString { id in
        let found = dgettext(Localization.domain, id)
        return found == UnsafeMutablePointer(mutating: id) ? message : found.map { String(cString: $0) } ?? message
    }
    return fill(text, Array(values))
}

/// The translation of `message` where `context` tells which of its meanings is meant ("Other" as one
/// place's kind, where the legend's "Other" stands for all other kinds: French says "Autre", "Autres").
public func trInContext(_ context: String, _ message: String) -> String {
    let key = context + "\u{4}" + message  // how gettext keys a message with a context
    return key.withCString { id in
        let found = dgettext(Localization.domain, id)
        return found == UnsafeMutablePointer(mutating: id) ? message : found.map { String(cString: $0) } ?? message
    }
}

/// The translation of `singular` or `plural`, as the language's plural rule says for `count`, with
/// its placeholders replaced by `values`; `{count}` is `count` in digits unless `values` writes it
/// (with the locale's digit grouping, say).
public func trPlural(_ singular: String, _ plural: String, count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
    let text = singular.withCString { one in
        plural.withCString { many in
            let found = dngettext(Localization.domain, one, many, UInt(max(0, count)))
            if found == UnsafeMutablePointer(mutating: one) { return singular }
            if found == UnsafeMutablePointer(mutating: many) { return plural }
            return found.map { String(cString: $0) } ?? (count == 1 ? singular : plural)
        }
    }
    var all = Array(values)
    if !all.contains(where: { $0.key == "count" }) { all.append((key: "count", value: String(count))) }
    return fill(text, all)
}

/// `text` with each `{name}` that `values` names replaced by its value, in one pass: a value is never
/// read for placeholders itself (a file may be called "{file}.geojson").
func fill(_ text: String, _ values: [(key: String, value: String)]) -> String {
    guard !values.isEmpty, text.contains("{") else { return text }
    var result = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "{") {
        result += rest[..<open]
        guard let close = rest[open...].firstIndex(of: "}"),
              let value = values.first(where: { $0.key == rest[rest.index(after: open)..<close] })?.value else {
            result.append("{")
            rest = rest[rest.index(after: open)...]
            continue
        }
        result += value
        rest = rest[rest.index(after: close)...]
    }
    return result + rest
}
