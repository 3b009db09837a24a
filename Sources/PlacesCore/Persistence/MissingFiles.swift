/// What the person is told of remembered files not found at launch: each stays remembered (it may be
/// on a drive not mounted now) and loads again once it is back. At most three files are named.
struct MissingFiles {
    private static let named = 3
    let message: String

    init(_ sources: [PlaceSource], numbers: LocalizedNumbers) {
        let names = sources.prefix(Self.named).map { $0.title.clipped(to: 80) }
        guard sources.count > 1 else {
            message = tr("{file} was not found at {path}. It stays remembered and loads again once it is back; remove it from the Places list to forget it.",
                         ["file": names.first ?? "", "path": sources.first?.path ?? sources.first?.title ?? ""])
            return
        }
        let files = sources.count <= Self.named
            ? tr("{files} and {last} were not found.", ["files": names.dropLast().joined(separator: ", "), "last": names.last!])
            : tr("{count} imported files were not found, among them {files}.",
                 ["count": numbers.count(sources.count), "files": names.joined(separator: ", ")])
        message = files + " " + tr("They stay remembered and load again once they are back; remove them from the Places list to forget them.")
    }
}
