/// What the person is told after a file was read: a notice with Show when every feature became a
/// place, a line or an area; a notice with the counts, the first reason and Details when some were
/// skipped (a partial import is a warning, not a failure); an error when nothing could be kept.
struct ImportReport {
    let message: Message

    /// `offered`: the source of what the file left out that the person can ask for (GNOME Maps'
    /// recent places), nil when there is nothing to offer or it is loaded already.
    init(file: String, source: PlaceSource.ID, result: ImportResult, offered: PlaceSource? = nil, numbers: LocalizedNumbers) {
        let kept = result.tally.places + result.tally.lines + result.tally.areas
        let section = PlaceSection.source(source)
        var imported = result.shapes.isEmpty
            ? trPlural("Imported {count} place from “{file}”", "Imported {count} places from “{file}”", count: kept,
                       ["count": numbers.count(kept), "file": file])
            : tr("Imported {what} from “{file}”", ["what": Self.counts(result.tally, numbers: numbers), "file": file])
        // The file's lists became collections (or joined those of their names).
        let lists = result.groups.names.count
        if lists > 0 {
            imported = trPlural("{imported}, in {count} collection", "{imported}, in {count} collections", count: lists,
                                ["imported": imported, "count": numbers.count(lists)])
        }
        guard kept > 0 || result.skippedFeatures > 0 || result.skippedGeometries > 0 else {
            message = .error(tr("Nothing was imported from “{file}”: it holds no places.", ["file": file]))
            return
        }
        guard kept > 0 else {
            let reasons = result.reasons.isEmpty ? "" : " " + tr("First reason: {reason}.", ["reason": result.reasons[0]])
            message = .error(tr("Nothing was imported from “{file}”: {summary}.", ["file": file, "summary": result.summary]) + reasons)
            return
        }
        guard result.skippedFeatures > 0 || result.skippedGeometries > 0 || !result.tally.notes.isEmpty else {
            message = .notice(Notice(imported, action: .show(section)))
            return
        }
        // GNOME Maps' recent places are offered, not imported unasked.
        if result.tally.recentPlacesLeftOut > 0, result.skippedFeatures == 0, let offered {
            let count = result.tally.recentPlacesLeftOut
            message = .notice(Notice(trPlural("{imported}; {count} recent place left out", "{imported}; {count} recent places left out", count: count,
                                              ["imported": imported, "count": numbers.count(count)]),
                                     action: .importRecentPlaces(offered)))
            return
        }
        let short = if let first = result.reasons.first {
            trPlural("{imported}; {count} skipped: {reason}", "{imported}; {count} skipped, first: {reason}", count: result.skippedFeatures,
                     ["imported": imported, "count": numbers.count(result.skippedFeatures), "reason": first])
        } else if result.skippedGeometries > 0 {
            "\(imported); \(result.summary)"
        } else {
            imported  // only notes to tell: they are in the details
        }
        var lines = [result.summary] + result.tally.notes
        if !result.reasons.isEmpty {
            lines.append("")
            lines += result.reasons
            let untold = result.skippedFeatures - result.reasons.count
            if untold > 0 {
                lines.append(trPlural("… and {count} more feature skipped", "… and {count} more features skipped", count: untold,
                                      ["count": numbers.count(untold)]))
            }
        }
        let details = NoticeDetails(title: imported, text: lines.joined(separator: "\n"), section: section)
        message = .notice(Notice(short, action: .details(details)))
    }

    /// "3 places, 2 lines and 1 area": what was made, in words.
    static func counts(_ tally: ImportTally, numbers: LocalizedNumbers) -> String {
        var parts: [String] = []
        if tally.places > 0 { parts.append(trPlural("{count} place", "{count} places", count: tally.places, ["count": numbers.count(tally.places)])) }
        if tally.lines > 0 { parts.append(trPlural("{count} line", "{count} lines", count: tally.lines, ["count": numbers.count(tally.lines)])) }
        if tally.areas > 0 { parts.append(trPlural("{count} area", "{count} areas", count: tally.areas, ["count": numbers.count(tally.areas)])) }
        guard parts.count > 1 else { return parts.first ?? trPlural("{count} place", "{count} places", count: 0, ["count": numbers.count(0)]) }
        return tr("{list} and {last}", ["list": parts.dropLast().joined(separator: ", "), "last": parts.last!])
    }
}
