/// Carries a value into a `@Sendable` observer block or a `MainActor.assumeIsolated` body. Sound here:
/// the benchmark is single-threaded, on the main thread, and NotificationCenter runs `queue: nil`
/// observers synchronously on the posting thread.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
