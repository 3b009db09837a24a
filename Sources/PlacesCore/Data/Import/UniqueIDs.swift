/// Hands out ids unique within one file: the first to claim an id keeps it, later ones get `~2`,
/// `~3`... (the first suffix not taken). Linear in the number of ids: the suffix search for an id
/// resumes where it last stopped (suffixes below that stay taken), so every failed try is a distinct
/// taken id — 30,000 features sharing one id once took 56 s.
struct UniqueIDs {
    private var taken: Set<String>
    private var nextSuffix: [String: Int] = [:]

    init(expecting count: Int) {
        taken = Set(minimumCapacity: count)
    }

    mutating func claim(_ id: String) -> String {
        guard !taken.insert(id).inserted else { return id }
        var suffix = nextSuffix[id, default: 2]
        var unique: String
        repeat {
            unique = "\(id)~\(suffix)"
            suffix += 1
        } while !taken.insert(unique).inserted
        nextSuffix[id] = suffix
        return unique
    }
}
