/// Hands out ids unique within one file: the first to claim an id keeps it, later ones get `~2`,
/// `~3`... (the first suffix not taken). Linear in the number of ids: the suffix search for an id
/// resumes where it last stopped (suffixes below that stay taken), so every failed try is a distinct
/// taken id — 30,000 features sharing one id once took 56 s.
///
/// The ids taken are kept as their hashes, eight bytes each instead of a string's sixteen: a million
/// features' ids took 34 MB as a set of strings. Two ids with one hash (about one chance in thirty
/// million for a million ids) make the second look taken, so it gets a suffix it did not need; ids
/// handed out are still all different, as different hashes are different ids.
struct UniqueIDs {
    private var taken: Set<Int>
    private var nextSuffix: [String: Int] = [:]

    init(expecting count: Int) {
        taken = Set(minimumCapacity: count)
    }

    mutating func claim(_ id: String) -> String {
        guard !taken.insert(id.hashValue).inserted else { return id }
        var suffix = nextSuffix[id, default: 2]
        var unique: String
        repeat {
            unique = "\(id)~\(suffix)"
            suffix += 1
        } while !taken.insert(unique.hashValue).inserted
        nextSuffix[id] = suffix
        return unique
    }
}
