import Foundation

extension Process {
    /// Waits until the process has exited, at most `seconds`; returns whether it did. Polls instead
    /// of `waitUntilExit()`, which can spin forever off the main thread in swift-corelibs-foundation.
    @discardableResult
    func waitForExit(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning, Date() < deadline { usleep(10_000) }
        return !isRunning
    }
}
