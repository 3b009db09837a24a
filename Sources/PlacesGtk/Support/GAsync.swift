import CGtk
import PlacesCore

/// GIO's asynchronous calls as Swift `async` functions, on the main thread where GLib calls back.
@MainActor
enum GAsync {
    /// Starts a call with `start` (given the callback and its data), and finishes it with `finish`
    /// (given the result and the error to fill) when GLib calls back; nil from `finish` is a failure
    /// with the error's message.
    static func call(
        _ start: (GAsyncReadyCallback, gpointer) -> Void,
        finish: @escaping @MainActor (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> UnsafeMutableRawPointer?
    ) async -> Result<UnsafeMutableRawPointer, TileFailure> {
        let outcome: Outcome = await withCheckedContinuation { continuation in
            let data = ClosureBox<@MainActor (OpaquePointer?) -> Void>.retained { result in
                var error: UnsafeMutablePointer<GError>?
                let value = finish(result, &error)
                let reason = error.map { String(cString: $0.pointee.message) } ?? ""
                if let error { g_error_free(error) }
                continuation.resume(returning: Outcome(value: value, reason: reason))
            }
            start(ready, data)
        }
        return outcome.value.map(Result.success) ?? .failure(TileFailure(reason: outcome.reason))
    }

    /// What a call gave back; only ever used on the main thread.
    private struct Outcome: @unchecked Sendable {
        let value: UnsafeMutableRawPointer?
        let reason: String
    }

    /// The `GAsyncReadyCallback` of every call: runs the call's closure once, then releases it.
    private static let ready: GAsyncReadyCallback = { _, result, data in
        nonisolated(unsafe) let box = Unmanaged<ClosureBox<@MainActor (OpaquePointer?) -> Void>>.fromOpaque(data!).takeRetainedValue()
        nonisolated(unsafe) let result = result
        MainActor.assumeIsolated { box.body(result) }
    }
}
