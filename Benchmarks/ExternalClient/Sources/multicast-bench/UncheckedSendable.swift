/// Carries a value into a `@Sendable` observer block. Sound here: the benchmark is single-threaded and
/// NotificationCenter runs `queue: nil` observers synchronously on the posting thread.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
