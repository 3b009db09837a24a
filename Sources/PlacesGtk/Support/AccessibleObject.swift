import CGtk

/// A `GtkAccessible` GTK makes on a widget's behalf, which no wrapper of ours holds: a notebook's tab,
/// a stack's page, the parts of a header bar. Left alone, a screen reader hears them by their role or
/// class ("Tab", "GtkStackPage", "AdwGizmo").
@MainActor
struct AccessibleObject {
    private let accessible: OpaquePointer

    init(_ object: some GObjectPointer) {
        accessible = object.cast(gtk_accessible_get_type())
    }

    /// The name screen readers announce (`GTK_ACCESSIBLE_PROPERTY_LABEL`).
    func setLabel(_ text: String) {
        withStringValue(text) { value in
            var property = GTK_ACCESSIBLE_PROPERTY_LABEL
            gtk_accessible_update_property_value(accessible, 1, &property, value)
        }
    }
}
