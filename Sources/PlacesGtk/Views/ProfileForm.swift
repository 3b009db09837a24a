import CGtk
import Multicast
import PlacesCore

/// The Profile tab: name, home city with type-ahead suggestions (a `GtkEntryCompletion` filled from
/// `ProfileViewModel`), inline validation messages, Save (sensitive only when valid and changed) and
/// a confirmation after saving.
@MainActor
final class ProfileForm {
    let root: UnsafeMutablePointer<GtkBox>
    private let viewModel: ProfileViewModel
    private let nameEntry: UnsafeMutablePointer<GtkEntry>
    private let cityEntry: UnsafeMutablePointer<GtkEntry>
    private let nameError = Widget.label(classes: ["error", "caption"])
    private let cityError = Widget.label(classes: ["error", "caption"])
    private let confirmation = Widget.label(classes: ["success"])
    private let save: OpaquePointer
    private let suggestionStore: UnsafeMutablePointer<GtkListStore>
    private var suggestions: [City] = []
    private var subscription: Subscription?

    init(viewModel: ProfileViewModel) {
        self.viewModel = viewModel
        nameEntry = gtk_entry_new()!.cast(gtk_entry_get_type())
        cityEntry = gtk_entry_new()!.cast(gtk_entry_get_type())
        gtk_entry_set_placeholder_text(nameEntry, "Your name")
        gtk_entry_set_placeholder_text(cityEntry, "Start typing a city")
        Widget.setAccessibleLabel(nameEntry, "Name")
        Widget.setAccessibleLabel(cityEntry, "Home city")
        save = gtk_button_new_with_label("Save")!.cast(gtk_button_get_type())
        Widget.addClasses(save, ["suggested-action"])
        gtk_widget_set_halign(save.widget, GTK_ALIGN_START)
        var columns: [GType] = [GType(16 << 2), GType(6 << 2)]  // G_TYPE_STRING, G_TYPE_INT
        suggestionStore = gtk_list_store_newv(2, &columns)!

        let title = Widget.label("Profile", classes: ["title-1"])
        let intro = Widget.label("Distances in the list and on the place card are measured from your home city.", classes: ["dim-label"])
        gtk_label_set_wrap(intro, 1)
        let nameHeading = Widget.label("Name", classes: ["heading"])
        let cityHeading = Widget.label("Home city", classes: ["heading"])
        for heading in [nameHeading, cityHeading] { gtk_widget_set_margin_top(heading.widget, 12) }
        gtk_widget_set_margin_top(save.widget, 18)
        let form = Widget.box(vertical: true, spacing: 6, [
            title, intro, nameHeading, nameEntry, nameError, cityHeading, cityEntry, cityError, save, confirmation,
        ])
        gtk_widget_set_size_request(form.widget, 420, -1)
        gtk_widget_set_halign(form.widget, GTK_ALIGN_CENTER)
        Widget.setMargins(form, 24)
        root = Widget.box(vertical: true, spacing: 0, [form])

        // Our handlers connect before the completion exists, so its popup sees fresh suggestions.
        nameEntry.connect(Signals.changed) { [weak self] in
            guard let self else { return }
            self.viewModel.nameChanged(Widget.text(of: self.nameEntry))
        }
        cityEntry.connect(Signals.changed) { [weak self] in
            guard let self else { return }
            self.viewModel.cityTextChanged(Widget.text(of: self.cityEntry))
        }
        nameEntry.connect(Signals.activate) { [weak self] in self?.viewModel.save() }
        cityEntry.connect(Signals.activate) { [weak self] in self?.viewModel.save() }
        save.connect(Signals.clicked) { [weak self] in self?.viewModel.save() }
        attachCompletion()
        subscription = viewModel.state.subscribe { [weak self] state in self?.render(state) }
    }

    /// Puts the cursor in the name field.
    func focusFirstField() {
        gtk_widget_grab_focus(nameEntry.widget)
    }

    private func attachCompletion() {
        let completion = gtk_entry_completion_new()!
        gtk_entry_completion_set_model(completion, suggestionStore.cast(gtk_tree_model_get_type(), as: OpaquePointer.self))
        gtk_entry_completion_set_text_column(completion, 0)
        gtk_entry_completion_set_minimum_key_length(completion, 1)
        gtk_entry_completion_set_popup_completion(completion, 1)
        gtk_entry_completion_set_inline_completion(completion, 0)
        // The view-model already chose the suggestions; the completion shows them all.
        gtk_entry_completion_set_match_func(completion, { _, _, _, _ in 1 }, nil, nil)
        completion.connect(Signals.matchSelected) { [weak self] model, iter in
            guard let self, let model, let iter else { return false }
            var value = GValue()
            gtk_tree_model_get_value(OpaquePointer(model), iter.assumingMemoryBound(to: GtkTreeIter.self), 1, &value)
            let index = Int(g_value_get_int(&value))
            g_value_unset(&value)
            if self.suggestions.indices.contains(index) { self.viewModel.choose(self.suggestions[index]) }
            return true
        }
        gtk_entry_set_completion(cityEntry, completion)
        g_object_unref(UnsafeMutableRawPointer(completion))
    }

    private func render(_ state: ProfileFormState) {
        Widget.setText(nameEntry, state.name)
        Widget.setText(cityEntry, state.cityText)
        show(nameError, state.nameError)
        show(cityError, state.cityError)
        show(confirmation, state.confirmation)
        gtk_widget_remove_css_class(confirmation.widget, state.confirmationIsError ? "success" : "error")
        gtk_widget_add_css_class(confirmation.widget, state.confirmationIsError ? "error" : "success")
        gtk_widget_set_sensitive(save.widget, state.canSave ? 1 : 0)
        if state.suggestions != suggestions { fillSuggestions(state.suggestions) }
    }

    private func fillSuggestions(_ cities: [City]) {
        suggestions = cities
        gtk_list_store_clear(suggestionStore)
        for (index, city) in cities.enumerated() {
            var iter = GtkTreeIter()
            gtk_list_store_append(suggestionStore, &iter)
            var text = GValue(), number = GValue()
            g_value_init(&text, GType(16 << 2))
            g_value_set_string(&text, city.displayName)
            g_value_init(&number, GType(6 << 2))
            g_value_set_int(&number, Int32(index))
            gtk_list_store_set_value(suggestionStore, &iter, 0, &text)
            gtk_list_store_set_value(suggestionStore, &iter, 1, &number)
            g_value_unset(&text)
            g_value_unset(&number)
        }
    }

    private func show(_ label: OpaquePointer, _ text: String?) {
        gtk_label_set_text(label, text ?? "")
        gtk_widget_set_visible(label.widget, text == nil ? 0 : 1)
    }
}
