import CGtk

/// GTK callbacks that are not signals (draw functions, frame ticks, shortcut actions), each with a
/// Swift closure owned by a box that GTK's destroy notify releases.
@MainActor
enum WidgetCallbacks {
    /// Draws `area` with `draw(cairo, width, height)` whenever GTK asks.
    static func setDrawFunction(
        _ area: UnsafeMutablePointer<GtkDrawingArea>, _ draw: @escaping @MainActor (OpaquePointer, Int32, Int32) -> Void
    ) {
        let trampoline: GtkDrawingAreaDrawFunc = { _, cairo, width, height, data in
            MainActor.assumeIsolated {
                guard let cairo else { return }
                ClosureBox<@MainActor (OpaquePointer, Int32, Int32) -> Void>.body(data)(cairo, width, height)
            }
        }
        gtk_drawing_area_set_draw_func(area, trampoline, ClosureBox.retained(draw), releaseClosureBox)
    }

    /// Calls `tick(frameTimeSeconds)` before every frame of `widget` until it returns false.
    @discardableResult
    static func addTickCallback(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ tick: @escaping @MainActor (Double) -> Bool
    ) -> guint {
        let trampoline: GtkTickCallback = { _, clock, data in
            MainActor.assumeIsolated {
                let seconds = Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
                return ClosureBox<@MainActor (Double) -> Bool>.body(data)(seconds) ? 1 : 0
            }
        }
        return gtk_widget_add_tick_callback(widget, trampoline, ClosureBox.retained(tick), releaseClosureBox)
    }

    /// A shortcut action running `action`; it returns whether it handled the key (false lets it propagate).
    static func shortcutAction(_ action: @escaping @MainActor () -> Bool) -> OpaquePointer {
        let trampoline: GtkShortcutFunc = { _, _, data in
            MainActor.assumeIsolated { ClosureBox<@MainActor () -> Bool>.body(data)() ? 1 : 0 }
        }
        return gtk_callback_action_new(trampoline, ClosureBox.retained(action), releaseClosureBox)
    }
}
