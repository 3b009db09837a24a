/// What the person is told after several files were imported at once (a folder's files handed to
/// the window, say): one message for them all, not one a file. "Imported 12,000 places from 10,000
/// files"; when some could not be read or skipped features, the count of those and Details with
/// each file's own message.
struct ImportBatchReport {
    private let numbers: LocalizedNumbers
    private var files = 0
    private var tally = ImportTally()
    /// How many files were not a plain success, and the first hundred of their messages, in order.
    private var troubled = 0
    private var problems: [String] = []

    init(numbers: LocalizedNumbers) {
        self.numbers = numbers
    }

    /// Counts one file's reading; `message` is what it alone would have said.
    mutating func add(_ reading: PlaceFiles.Reading, message: Message?) {
        files += 1
        if case .success(let result) = reading.result {
            tally.places += result.tally.places
            tally.lines += result.tally.lines
            tally.areas += result.tally.areas
            tally.skippedFeatures += result.tally.skippedFeatures
        }
        // An error, or a notice with Details (features skipped): a plain "Imported …" is no problem.
        let problem: String
        switch message {
        case .error(let text)?: problem = text
        case .notice(let notice)?:
            guard case .details? = notice.action else { return }
            problem = notice.message
        case nil: return
        }
        troubled += 1
        if problems.count < 100 { problems.append(problem) }
    }

    var message: Message? {
        guard files > 0 else { return nil }
        let kept = tally.places + tally.lines + tally.areas
        let imported = trPlural("Imported {what} from {count} file", "Imported {what} from {count} files", count: files,
                                ["what": ImportReport.counts(tally, numbers: numbers), "count": numbers.count(files)])
        guard troubled > 0 else { return .notice(Notice(imported)) }
        let short = trPlural("{imported}; {count} file with problems", "{imported}; {count} files with problems", count: troubled,
                             ["imported": imported, "count": numbers.count(troubled)])
        guard kept > 0 else {
            let told = problems.prefix(3)
            var text = trPlural("Nothing was imported from the {count} file:", "Nothing was imported from the {count} files:", count: files,
                                ["count": numbers.count(files)]) + " " + told.joined(separator: " ")
            if troubled > told.count { text += " " + more(troubled - told.count) }
            return .error(text)
        }
        var lines = problems
        if troubled > problems.count { lines.append(more(troubled - problems.count)) }
        let details = NoticeDetails(title: imported, text: lines.joined(separator: "\n"), section: nil)
        return .notice(Notice(short, action: .details(details)))
    }

    private func more(_ count: Int) -> String {
        trPlural("… and {count} more file", "… and {count} more files", count: count, ["count": numbers.count(count)])
    }
}
