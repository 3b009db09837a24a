// multicast-bench: ns per delivery of seven broadcast mechanisms, add+remove cost and bytes per subscriber,
// measured from a package that depends on Places the way the library's users do. `make bench` runs it.

import Foundation
import TestingSupport

#if DEBUG
print("warning: debug build; run `make bench` for meaningful numbers")
#endif

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
