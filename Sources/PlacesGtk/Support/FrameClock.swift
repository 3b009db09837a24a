import CGtk
import PlacesCore

/// The frame clock of a widget's window (`GdkFrameClock`): it paces painting, and says when each
/// frame begins and ends.
@MainActor
enum FrameClock {
    /// Runs `action` after every frame `widget`'s window paints, from the moment the widget is
    /// realized on, with the frame's timing: timed from the start of its update phase (GTK's own
    /// handlers of the paint phase run before any connected later, so timing that phase alone would
    /// miss the drawing) to the end of painting.
    static func afterEachPaint(of widget: some Widget, _ action: @escaping @MainActor (PaintedFrame) -> Void) {
        let attach: @MainActor (UnsafeMutablePointer<GtkWidget>) -> Void = { pointer in
            guard let clock = gtk_widget_get_frame_clock(pointer) else { return }
            var started: ContinuousClock.Instant?
            clock.connect(Signals.beforePaint) { started = .now }
            clock.connect(Signals.afterPaint) {
                guard let start = started else { return }
                var refresh: gint64 = 0, presentation: gint64 = 0
                gdk_frame_clock_get_refresh_info(clock, gdk_frame_clock_get_frame_time(clock), &refresh, &presentation)
                let interval = refresh > 0 ? Duration.microseconds(refresh) : .microseconds(16_667)
                action(PaintedFrame(began: start, milliseconds: (ContinuousClock.now - start).milliseconds, refreshInterval: interval))
            }
        }
        if gtk_widget_get_realized(widget.widget) != 0 {
            attach(widget.widget)
        } else {
            widget.widget.connect(Signals.realize) { [pointer = widget.widget] in attach(pointer) }
        }
    }

    /// Runs `action` once, after the next frame `widget`'s window paints (its first, for a window
    /// not yet shown).
    static func afterNextPaint(of widget: some Widget, _ action: @escaping @MainActor () -> Void) {
        var pending: (@MainActor () -> Void)? = action
        afterEachPaint(of: widget) { _ in
            pending?()
            pending = nil
        }
    }
}
