import Multicast

/// Runs saves one after another on a background thread and hands each result back on the main actor,
/// so a large library never stalls the window. `isSaving` is true from the first save submitted until
/// the last one finished, and each change of it is broadcast: the application stays alive meanwhile,
/// even with its window closed.
@MainActor
public final class SaveQueue {
    public let delegates = MulticastDelegate<any SaveQueueDelegate>()
    public private(set) var isSaving = false {
        didSet { if isSaving != oldValue { delegates.invoke { $0.savingDidChange() } } }
    }
    private var last: Task<Void, Never>?
    private var running = 0

    public init() {}

    /// Runs `work` off the main actor after every save submitted before it, then `finish` with its
    /// result on the main actor.
    func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result, then finish: @escaping @MainActor (Result) -> Void) {
        running += 1
        isSaving = true
        let previous = last
        last = Task {
            await previous?.value
            finish(await Task.detached(priority: .utility, operation: work).value)
            running -= 1
            if running == 0 { isSaving = false }
        }
    }

    /// Returns once every save submitted so far, and every save their completions submitted, has finished.
    public func finished() async {
        while running > 0, let last { await last.value }
    }
}
