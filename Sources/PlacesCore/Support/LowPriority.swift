import CGlibc
import Foundation

/// Runs work on the calling thread at a lower CPU priority (nice 10), then puts the priority back
/// (the thread is the pool's, lent for this work). Reading a file and building index snapshots run
/// beside the window's main thread on as few as two cores: they must leave it the processor when it
/// has a frame to draw, or frames come late while a large file is imported.
enum LowPriority {
    static func run<Result>(_ work: () throws -> Result) rethrows -> Result {
        let thread = id_t(places_thread_id())
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let before = getpriority(which, thread)
        let known = errno == 0
        if known { setpriority(which, thread, max(before, 10)) }
        defer { if known { setpriority(which, thread, before) } }
        return try work()
    }
}
