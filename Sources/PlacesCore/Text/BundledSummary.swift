/// The bundled places' summaries in the person's language. The data build writes them in English from
/// a few patterns ("Capital of France · 9.9 million people", "International airport (LYS) serving
/// Lyon, France"); each pattern is translated here, its names kept and its numbers written as the
/// locale writes them. A summary matching no pattern stays as written.
struct BundledSummary {
    /// An English pattern ("Capital of {place}") and its translation.
    private struct Pattern {
        /// The literal pieces around the placeholders, and the placeholders' names in order.
        let pieces: [String]
        let names: [String]
        let translated: String

        init(_ english: String, _ translated: String) {
            var pieces: [String] = [], names: [String] = []
            var rest = Substring(english)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                pieces.append(String(rest[..<open]))
                names.append(String(rest[rest.index(after: open)..<close]))
                rest = rest[rest.index(after: close)...]
            }
            pieces.append(String(rest))
            self.pieces = pieces
            self.names = names
            self.translated = translated
        }

        /// The placeholders' values when `text` has this pattern's shape.
        func match(_ text: Substring) -> [String]? {
            guard text.hasPrefix(pieces[0]), text.hasSuffix(pieces[pieces.count - 1]),
                  text.count >= pieces[0].count + pieces[pieces.count - 1].count else { return nil }
            var rest = text.dropFirst(pieces[0].count).dropLast(pieces[pieces.count - 1].count)
            var values: [String] = []
            for piece in pieces.dropFirst().dropLast() {
                guard let found = rest.range(of: piece) else { return nil }
                values.append(String(rest[..<found.lowerBound]))
                rest = rest[found.upperBound...]
            }
            values.append(String(rest))
            return values.allSatisfy { !$0.isEmpty } ? values : nil
        }
    }

    private let numbers: LocalizedNumbers
    private let descriptions: [Pattern]

    init(numbers: LocalizedNumbers) {
        self.numbers = numbers
        descriptions = [
            Pattern("Capital of {place}", tr("Capital of {place}")),
            Pattern("City in {place}", tr("City in {place}")),
            Pattern("International airport ({code}) serving {place}", tr("International airport ({code}) serving {place}")),
            Pattern("International airport ({code}) in {place}", tr("International airport ({code}) in {place}")),
            Pattern("Research station in {place}", tr("Research station in {place}")),
            Pattern("Regional capital in {place}", tr("Regional capital in {place}")),
            Pattern("Seat of government of {place}", tr("Seat of government of {place}")),
            Pattern("Administrative capital of {place}", tr("Administrative capital of {place}")),
            Pattern("Legislative capital of {place}", tr("Legislative capital of {place}")),
            Pattern("Official capital of {place}", tr("Official capital of {place}")),
            Pattern("Judicial capital of {place}", tr("Judicial capital of {place}")),
            Pattern("Constitutional capital of {place}", tr("Constitutional capital of {place}")),
            Pattern("Commercial capital of {place}", tr("Commercial capital of {place}")),
        ]
    }

    /// `summary` in the person's language, as far as its patterns go.
    func localized(_ summary: String) -> String {
        let parts = summary.components(separatedBy: " · ")
        guard parts.count <= 2 else { return summary }
        let description = describe(Substring(parts[0])) ?? parts[0]
        guard parts.count == 2 else { return description }
        return tr("{description} · {people}", ["description": description, "people": people(parts[1]) ?? parts[1]])
    }

    private func describe(_ text: Substring) -> String? {
        for pattern in descriptions {
            guard let values = pattern.match(text) else { continue }
            return fill(pattern.translated, zip(pattern.names, values).map { (key: $0, value: $1) })
        }
        return nil
    }

    /// "9.9 million people" (always one decimal), "221,738 people", "about 40 people", in the person's language.
    private func people(_ text: String) -> String? {
        if let millions = Pattern("{count} million people", "").match(Substring(text)), let value = Double(millions[0]) {
            return tr("{count} million people", ["count": numbers.oneDecimal(value)])
        }
        let about = text.hasPrefix("about ")
        guard let count = Pattern("{count} people", "").match(Substring(text.dropFirst(about ? 6 : 0))).flatMap({ Int($0[0].filter(\.isNumber)) })
        else { return nil }
        return about ? tr("about {count} people", ["count": numbers.count(count)])
            : trPlural("{count} person", "{count} people", count: count, ["count": numbers.count(count)])
    }
}
