// multicast-bench: ns per delivery of each broadcast mechanism (DeliveryCandidates), add+remove cost and bytes per subscriber,
// measured from a package that depends on Places the way the library's users do. `make bench` runs it.

import Foundation
import Multicast
import TestingSupport

#if DEBUG
print("warning: debug build; run `make bench` for meaningful numbers")
#endif

/// (i) The shape a client writes (issue 35): a top-level delivery function in the client's own
/// main.swift, kept out of its caller (`@inline(never)`), with the event captured by the closure.
@inline(never) func clientDeliver(_ multicast: MulticastDelegate<any Receiver>, _ event: Int) {
    multicast.invoke { $0.receive(event) }
}

/// (i)'s caller: a `@MainActor` function calling `clientDeliver` once per event, as an app's model does.
@MainActor @inline(never) func clientBroadcasts(_ multicast: MulticastDelegate<any Receiver>, from first: Int, count: Int) {
    for event in first..<first + count { clientDeliver(multicast, event) }
}

let start = MonotonicClock.now()
let machine = Machine.current()
let runner = SampleRunner(rounds: 61, sampleNanoseconds: 2_000_000)
let delivery = DeliveryBenchmark(subscriberCounts: [1, 10, 100, 1000], runner: runner).run()
let churn = ChurnBenchmark(live: 1000, runner: runner).run()
let memory = MemoryBenchmark(subscribers: 100_000, growthSearchLimit: 20_000).run()

#if swift(>=6)
let languageMode = "Swift 6"
#else
let languageMode = "Swift 5"
#endif
Report(machine: machine, languageMode: languageMode, delivery: delivery.rows, names: delivery.names, churn: churn.result, churnLive: 1000,
       memory: memory.result).print()
print("")
print("checksum \(delivery.checksum &+ churn.checksum &+ memory.checksum), \(String(format: "%.1f", Double(MonotonicClock.now() - start) / 1e9)) s")
