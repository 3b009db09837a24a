import CGtk

// libdispatch's run-loop integration points, the ones Foundation's CFRunLoop uses. On Linux the
// handle is an eventfd that libdispatch signals whenever work is enqueued on the main queue.
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32

@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)

/// Lets `DispatchQueue.main`, `Task { @MainActor in }` and `await MainActor.run` work while GLib's
/// main loop owns the main thread.
///
/// Swift's main actor runs its jobs on libdispatch's main queue, which is drained only by
/// `dispatchMain()` or a run loop, never by `g_application_run`. The bridge adds a GLib fd source on
/// the main queue's eventfd: when work arrives GLib wakes, clears the eventfd and lets libdispatch
/// drain the queue, as CFRunLoop does. No polling, no timers.
public enum MainLoopBridge {
    @MainActor private static var sourceID: guint = 0

    /// Installs the bridge on the default main context (idempotent). Call on the main thread before
    /// `g_application_run`; `main` itself stays synchronous.
    @MainActor
    public static func install() {
        guard sourceID == 0 else { return }
        let fd = dispatchMainQueueHandle()
        sourceID = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, drainMainQueue, nil, nil)
    }

    @MainActor
    public static var isInstalled: Bool { sourceID != 0 }

    private static let drainMainQueue: GUnixFDSourceFunc = { fd, _, _ in
        var counter: eventfd_t = 0
        _ = eventfd_read(fd, &counter)  // clears the wake-up; EAGAIN just means it was already clear
        dispatchMainQueueCallback(nil)
        return 1  // G_SOURCE_CONTINUE
    }
}
