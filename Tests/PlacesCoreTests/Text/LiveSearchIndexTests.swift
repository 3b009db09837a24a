@testable import PlacesCore
import Testing
import TestingSupport

/// The search index keeps only a contiguous snapshot and the keys changed since: whatever the
/// changes and whenever a new snapshot is built (in place or elsewhere, with changes meanwhile), it
/// answers as a plain scan of every key does.
@Suite("Live search index")
struct LiveSearchIndexTests {
    static let words = ["café", "wien", "paris", "sperl", "landtmann", "zürich", "central", "rosa", "lyon", "springfield"]
    /// Words a query rarely matches, so that typing checks the previous matches one by one.
    static let rareWords: [String] = {
        var random = SplitMix64(seed: 77)
        return (0..<300).map { _ in String((0..<6).map { _ in random.pick(Array("abcdefghijklmnopqrstuvwxyz")) }) }
    }()

    @Test("after random keys, removals and snapshots built in place or elsewhere, matches are those of a plain scan",
          arguments: [1, 2, 3] as [UInt64], [LivePlaceIndex.defaultSegmentSize, 200, 33])
    func randomChanges(seed: UInt64, segmentSize: Int) {
        randomChanges(seed: seed, segmentSize: segmentSize, words: Self.words)
    }

    @Test("the same with rare words, whose narrower queries check only the previous matches", arguments: [4, 5] as [UInt64])
    func randomChangesNarrowing(seed: UInt64) {
        randomChanges(seed: seed, segmentSize: 200, words: Self.rareWords)
    }

    @Test("changes too few for a snapshot are tidied into one when asked, a segment at a time; then none is left")
    func tidying() {
        var index = LiveSearchIndex(segmentSize: 10_000)
        index.rebuildsElsewhere = true
        index.update((0..<30_000).map { (slot: $0, key: SearchKey("place \($0)")) })
        while let plan = index.planSnapshot() { index.install(LiveSearchIndex.snapshot(of: plan)) }
        // 600 changes in the second segment and 100 in the third: each under a sixteenth of 10,000.
        index.update((10_000..<10_600).map { (slot: $0, key: SearchKey("cafe \($0)")) } + (20_000..<20_100).map { (slot: $0, key: nil) })
        #expect(index.planSnapshot() == nil)
        let first = index.planTidying()
        #expect(first.map { LiveSearchIndex.snapshot(of: $0) }.map { index.install($0) != nil } == true)
        let second = index.planTidying()
        #expect(second.map { LiveSearchIndex.snapshot(of: $0) }.map { index.install($0) != nil } == true)
        #expect(index.planTidying() == nil, "a change is left")
        let cafes = index.matches([SearchKey("cafe")])
        #expect(Array(cafes) == Array(10_000..<10_600))
        let places = index.matches([SearchKey("place")])
        #expect(places.count == 30_000 - 600 - 100)
    }

    private func randomChanges(seed: UInt64, segmentSize: Int, words: [String]) {
        var random = SplitMix64(seed: seed)
        var index = LiveSearchIndex(segmentSize: segmentSize)
        var reference: [SearchKey?] = []
        var pending: (plan: LiveSearchIndex.Plan, round: Int)?
        func set(_ slot: Int, _ key: SearchKey?) {
            if slot >= reference.count { reference += Array(repeating: nil, count: slot + 1 - reference.count) }
            reference[slot] = key
            index.update([(slot: slot, key: key)])
        }
        for round in 0..<400 {
            index.rebuildsElsewhere = random.chance(0.5)
            for _ in 0..<random.below(120) {
                let slot = random.below(reference.count + 20)
                let key = random.chance(0.15) ? nil : SearchKey((0..<(1 + random.below(3))).map { _ in random.pick(words) }.joined(separator: " "))
                set(slot, key)
            }
            // Now and then places are quiet, and the few changes left go into a snapshot too.
            if pending == nil, index.rebuildsElsewhere, let plan = random.chance(0.3) ? index.planTidying() : index.planSnapshot() {
                pending = (plan, round)
            }
            if let (plan, started) = pending, round > started + random.below(3) {
                index.install(LiveSearchIndex.snapshot(of: plan))
                pending = nil
            }
            // A query, then one that narrows it (the previous matches are checked again), then the same again.
            let word = random.pick(words), length = 2 + random.below(3)
            let first = [SearchKey(String(word.prefix(length)))]
            // Longer, or with a word or a letter more (a letter is checked by the keys' classes alone).
            let added = random.chance(0.5) ? random.pick(words) : String(random.pick(words).prefix(1))
            let narrower = random.chance(0.5) ? [SearchKey(String(word.prefix(length + 1)))] : first + [SearchKey(added)]
            for tokens in [first, narrower, narrower] {
                let matched = index.matches(tokens)
                let expected = reference.map { key in key.map { key in tokens.allSatisfy { key.contains($0) } } ?? false }
                #expect(reference.indices.map(matched.contains) == expected, "seed \(seed), round \(round)")
                #expect(matched.allSatisfy { $0 < reference.count })
            }
        }
    }
}
