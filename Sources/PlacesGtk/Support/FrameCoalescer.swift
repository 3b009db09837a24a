import CGtk

/// The latest of values that come faster than frames (a drag's offsets: the pointer moves about
/// twice a frame), handed on once, as the widget's next frame begins: the work each value sets off
/// (the map's markers for a new camera) is done once a frame, never for a value no frame shows.
@MainActor
final class FrameCoalescer<Value> {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let deliver: @MainActor (Value) -> Void
    private var pending: Value?

    init(on widget: some Widget, deliver: @escaping @MainActor (Value) -> Void) {
        self.widget = widget.widget
        self.deliver = deliver
    }

    /// Keeps `value` for the next frame, in place of any kept before.
    func offer(_ value: Value) {
        let waiting = pending != nil
        pending = value
        guard !waiting else { return }
        WidgetCallbacks.addTickCallback(widget) { [weak self] _ in
            self?.flush()
            return false
        }
    }

    /// Hands on the value kept now, if any: before what must come after it (a drag's end).
    func flush() {
        guard let value = pending else { return }
        pending = nil
        deliver(value)
    }
}
