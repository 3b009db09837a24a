import Multicast

/// Heap bytes per subscriber, from glibc's `mallinfo2()` (arena bytes in use + mmapped bytes).
struct MemoryBenchmark {
    struct Result {
        let subscribers: Int
        /// Swift runtime: the weak-reference side table an object gets the first time it is weakly referenced.
        let sideTableBytesPerObject: Double
        /// Our MulticastDelegate's own storage, for objects that already had a side table.
        let multicastBytesPerSubscriber: Double
        /// The seed's storage (a `Weak` box per subscriber plus the array), same objects.
        let seedBytesPerSubscriber: Double
        let multicastAddSeconds: Double
        /// Storage per subscriber right after the storage next grows (its capacity doubles), if reached.
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

        // 2b. Keep adding (objects that already have side tables) until the storage grows.
        var afterGrowth: (subscribers: Int, bytesPerSubscriber: Double)?
        let baseline = Self.heapBytes()
        var added = 0
        for object in extra {
            multicast.add(object)
            added += 1
            let now = Self.heapBytes()
            if now - baseline > (after - before) / 4 {
                afterGrowth = (subscribers + added, Double(now - before) / Double(subscribers + added))
                break
            }
        }

        // 3. The seed's storage, same objects.
        before = Self.heapBytes()
        let seed = SeedMulticastDelegate<any Receiver>()
        for object in objects { seed.add(object) }
        after = Self.heapBytes()
        let seedBytes = Double(after - before) / Double(subscribers)

        precondition(multicast.count == subscribers + added)
        var checksum = multicast.count &+ (slot.object == nil ? 0 : 1)
        seed.invoke { _ in checksum &+= 1 }
        withExtendedLifetime(objects) {}
        withExtendedLifetime(extra) {}
        return (Result(subscribers: subscribers, sideTableBytesPerObject: sideTable,
                       multicastBytesPerSubscriber: ours, seedBytesPerSubscriber: seedBytes,
                       multicastAddSeconds: addSeconds, multicastBytesAfterGrowth: afterGrowth), checksum)
    }
}
