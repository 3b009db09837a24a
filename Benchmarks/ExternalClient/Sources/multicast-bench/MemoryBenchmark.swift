import Multicast

/// Heap bytes per subscriber, from glibc's `mallinfo2()` (arena bytes in use + mmapped bytes).
struct MemoryBenchmark {
    struct Result {
        let subscribers: Int
        /// Swift runtime: the weak-reference side table an object gets the first time it is weakly referenced.
        let sideTableBytesPerObject: Double
        /// Our MulticastDelegate's own storage, for objects that already had a side table.
        let multicastBytesPerSubscriber: Double
        /// The textbook version's storage (a `Weak` box per subscriber plus the array), same objects.
        let textbookBytesPerSubscriber: Double
        let multicastAddSeconds: Double
        /// Storage per subscriber right after the storage next grows, its worst point, if reached.
        let multicastBytesAfterGrowth: (subscribers: Int, bytesPerSubscriber: Double)?
    }

    let subscribers: Int
    /// How many more subscribers may be added to find the next growth of the storage.
    let growthSearchLimit: Int

    static func heapBytes() -> Int {
        guard let bytes = HeapStatistics.bytesInUse() else { fatalError("mallinfo2 is unavailable on this platform") }
        return bytes
    }

    func run() -> (result: Result, checksum: Int) {
        var objects: [Subscriber] = []
        objects.reserveCapacity(subscribers)
        for _ in 0..<subscribers { objects.append(Subscriber()) }
        var extra: [Subscriber] = []
        extra.reserveCapacity(growthSearchLimit)
        for _ in 0..<growthSearchLimit { extra.append(Subscriber()) }

        // 1. Side tables: weakly reference each (never before weakly referenced) object once.
        let slot = WeakSlot()
        var before = Self.heapBytes()
        for object in objects { slot.object = object }
        var after = Self.heapBytes()
        let sideTable = Double(after - before) / Double(subscribers)
        for object in extra { slot.object = object }  // side tables for step 2b, outside its measurement

        // 2. Our storage, for the same objects (their side tables already exist).
        before = Self.heapBytes()
        let start = MonotonicClock.now()
        let multicast = MulticastDelegate<any Receiver>()
        for object in objects { multicast.add(object) }
        let addSeconds = Double(MonotonicClock.now() - start) / 1e9
        after = Self.heapBytes()
        let ours = Double(after - before) / Double(subscribers)

        // 2b. Keep adding (objects that already have side tables) until one addition grows the storage:
        // the heap then jumps by the new buffers at once, far more than one subscriber's share.
        var afterGrowth: (subscribers: Int, bytesPerSubscriber: Double)?
        var previous = Self.heapBytes()
        var added = 0
        for object in extra {
            multicast.add(object)
            added += 1
            let now = Self.heapBytes()
            if now - previous > 4096 {
                afterGrowth = (subscribers + added, Double(now - before) / Double(subscribers + added))
                break
            }
            previous = now
        }

        // 3. The textbook version's storage, same objects.
        before = Self.heapBytes()
        let textbook = TextbookMulticastDelegate<any Receiver>()
        for object in objects { textbook.add(object) }
        after = Self.heapBytes()
        let textbookBytes = Double(after - before) / Double(subscribers)

        precondition(multicast.count == subscribers + added)
        var checksum = multicast.count &+ (slot.object == nil ? 0 : 1)
        textbook.invoke { _ in checksum &+= 1 }
        withExtendedLifetime(objects) {}
        withExtendedLifetime(extra) {}
        return (Result(subscribers: subscribers, sideTableBytesPerObject: sideTable,
                       multicastBytesPerSubscriber: ours, textbookBytesPerSubscriber: textbookBytes,
                       multicastAddSeconds: addSeconds, multicastBytesAfterGrowth: afterGrowth), checksum)
    }
}
