import CGtk

/// A `GtkRevealer`: slides its child in and out.
struct Revealer: Widget {
    enum Transition {
        case slideUp, slideDown

        var gtk: GtkRevealerTransitionType {
            switch self {
            case .slideUp: GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
            case .slideDown: GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN
            }
        }
    }

    let widget: UnsafeMutablePointer<GtkWidget>
    private var revealer: OpaquePointer { widget.cast(gtk_revealer_get_type()) }

    init(_ child: some Widget, transition: Transition, milliseconds: UInt32 = 250) {
        widget = gtk_revealer_new()
        gtk_revealer_set_transition_type(revealer, transition.gtk)
        gtk_revealer_set_transition_duration(revealer, milliseconds)
        gtk_revealer_set_child(revealer, child.widget)
    }

    /// Whether the child should be shown (the slide starts when this changes).
    var revealsChild: Bool {
        get { gtk_revealer_get_reveal_child(revealer) != 0 }
        nonmutating set { gtk_revealer_set_reveal_child(revealer, newValue ? 1 : 0) }
    }

    /// Whether the child is fully shown: true once a slide in has finished.
    var isChildRevealed: Bool { gtk_revealer_get_child_revealed(revealer) != 0 }
}
