import CGtk

/// Owns a Swift closure on behalf of a C callback: passed to C retained, released by GLib's destroy notify.
final class ClosureBox<Body> {
    let body: Body

    init(_ body: Body) { self.body = body }

    /// Retains a box for `body` and returns it as C user data; `release` balances it.
    static func retained(_ body: Body) -> gpointer {
        Unmanaged.passRetained(ClosureBox(body)).toOpaque()
    }

    /// The closure in the box behind `data`, which a trampoline received as its user data.
    static func body(_ data: gpointer?) -> Body {
        Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue().body
    }
}

/// The `GDestroyNotify` that balances `ClosureBox.retained`.
let releaseClosureBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// The `GClosureNotify` that balances `ClosureBox.retained` for signal handlers.
let releaseSignalClosureBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
