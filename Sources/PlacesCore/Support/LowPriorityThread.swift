import CGlibc
import Foundation
import Synchronization

/// A thread of its own at a lower CPU priority (nice 10), for the work that runs beside the window's
/// main thread on as few as two cores: reading a file, building index snapshots. It must leave the
/// main thread the processor when a frame is due, or frames come late while a large file imports.
///
/// The work gets threads of its own rather than lowering the priority of the Swift pool's threads
/// for a while: a process without privileges can lower a thread's priority but never raise it back
/// (`RLIMIT_NICE` is 0 for desktop users), so a borrowed thread stayed at nice 10 for everything the
/// pool ran on it afterwards.
final class LowPriorityThread: Sendable {
    private let jobs = Mutex<[@Sendable () -> Void]>([])
    private let ready = DispatchSemaphore(value: 0)

    /// Large enough for the parsers' deepest nesting, whatever the system's default.
    private static let stackSize = 8 << 20

    /// A thread that runs the work given to `run`, one piece after another, for as long as the
    /// process lives.
    init(name: String) {
        Self.start(name: name) { [self] in
            while true {
                ready.wait()
                let job = jobs.withLock { $0.removeFirst() }
                job()
            }
        }
    }

    /// Runs `work` after the work given before it, and returns its result.
    func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            jobs.withLock { $0.append { continuation.resume(returning: work()) } }
            ready.signal()
        }
    }

    /// Runs `work` after the work given before it, without waiting for it.
    func post(_ work: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(work) }
        ready.signal()
    }

    /// Runs `work` on a new thread, which ends after it, and returns its result.
    static func run<Result: Sendable>(name: String, _ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            start(name: name) { continuation.resume(returning: work()) }
        }
    }

    private static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            let id = id_t(places_thread_id())
            errno = 0
            let nice = getpriority(which, id)
            if errno == 0, nice < 10 { setpriority(which, id, 10) }
            body()
        }
        thread.name = name
        thread.stackSize = stackSize
        thread.start()
    }
}
