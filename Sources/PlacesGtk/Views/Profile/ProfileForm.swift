import Multicast
import PlacesCore

/// The Profile tab: name, home city with type-ahead suggestions, inline validation messages, Save
/// (sensitive only when valid and changed) and a confirmation after saving.
@MainActor
final class ProfileForm {
    let root: Box
    private let nameEntry = Entry(placeholder: tr("Your name"), name: tr("Name"))
    private let cityEntry = Entry(placeholder: tr("Start typing a city"), name: tr("Home city"))
    private let nameError = Label(classes: ["error", "caption"])
    private let cityError = Label(classes: ["error", "caption"])
    private let confirmation = Label(classes: ["success"])
    private let save = Button(label: tr("_Save"), classes: ["suggested-action"])
    private let suggestions: EntryCompletion
    private var shownSuggestions: [City] = []

    init(viewModel: ProfileViewModel) {
        nameEntry.limitLength(to: ProfileViewModel.nameFieldLimit)
        for label in [nameError, cityError, confirmation] { label.wrap(maximumLines: 4) }
        save.align(horizontal: .start)
        save.setMargins(top: 18)
        let intro = Label(tr("Distances in the list and on the place card are measured from your home city."), classes: ["dim-label"])
        intro.wrap()
        let nameHeading = Label(tr("Name"), classes: ["heading"])
        let cityHeading = Label(tr("Home city"), classes: ["heading"])
        for heading in [nameHeading, cityHeading] { heading.setMargins(top: 12) }
        let form = Box(.vertical, spacing: 6, [
            Label(tr("Profile"), classes: ["title-1"]), intro, nameHeading, nameEntry, nameError, cityHeading, cityEntry, cityError,
            save, confirmation,
        ])
        form.setSizeRequest(width: 420)
        form.align(horizontal: .center)
        form.setMargins(24)
        root = Box(.vertical, [form])

        // The entries' handlers come before the completion's, so its popup sees fresh suggestions.
        nameEntry.onEdit { viewModel.send(.nameChanged($0)) }
        cityEntry.onEdit { viewModel.send(.cityTextChanged($0)) }
        nameEntry.onActivate { viewModel.send(.save) }
        cityEntry.onActivate { viewModel.send(.save) }
        save.onClick { viewModel.send(.save) }
        suggestions = EntryCompletion(on: cityEntry)
        suggestions.onChoose { viewModel.send(.chooseSuggestion($0)) }
        viewModel.state.subscribe(self) { form, state in form.render(state) }
    }

    /// Puts the cursor in the name field.
    func focusFirstField() { nameEntry.grabFocus() }

    private func render(_ state: ProfileFormState) {
        nameEntry.text = state.name
        cityEntry.text = state.cityText
        nameError.show(state.nameError)
        cityError.show(state.cityError)
        confirmation.show(state.confirmation)
        confirmation.setClass("error", present: state.confirmationIsError)
        confirmation.setClass("success", present: !state.confirmationIsError)
        save.isSensitive = state.canSave
        if state.suggestions != shownSuggestions {
            shownSuggestions = state.suggestions
            suggestions.setSuggestions(state.suggestions.map(\.displayName))
        }
    }
}
