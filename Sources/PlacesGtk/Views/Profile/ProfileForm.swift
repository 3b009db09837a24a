import Multicast
import PlacesCore

/// The Profile tab: name, home city with a list of suggestions as it is typed, inline validation messages, Save
/// (sensitive only when valid and changed) and a line saying the profile is being saved, or why saving failed.
@MainActor
final class ProfileForm {
    let root: Box
    private let nameEntry = Entry(placeholder: tr("Your name"), name: tr("Name"))
    private let cityEntry = Entry(placeholder: tr("Start typing a city"), name: tr("Home city"))
    private let nameError = Label(classes: ["error", "caption"])
    private let cityError = Label(classes: ["error", "caption"])
    private let confirmation = Label(classes: ["success"])
    private let save = Button(label: tr("_Save"), classes: ["suggested-action"])
    private let units = DropDown(name: tr("Distances in"))
    private let suggestions = SuggestionList(name: tr("City suggestions"))
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
        let unitsHeading = Label(tr("Distances in"), classes: ["heading"])
        for heading in [nameHeading, cityHeading, unitsHeading] { heading.setMargins(top: 12) }
        let form = Box(.vertical, spacing: 6, [
            Label(tr("Profile"), classes: ["title-1"]), intro, nameHeading, nameEntry, nameError, cityHeading, cityEntry, suggestions, cityError,
            unitsHeading, units, save, confirmation,
        ])
        form.setMargins(24)
        // As wide as the window up to 468 pixels (420 of form): it fits a window 360 pixels wide.
        let clamp = Clamp(form, maximumSize: 468)
        let scrolled = ScrolledWindow(clamp)
        scrolled.expand(vertically: true)
        root = Box(.vertical, [scrolled])

        nameEntry.onEdit { viewModel.send(.nameChanged($0)) }
        cityEntry.onEdit { viewModel.send(.cityTextChanged($0)) }
        nameEntry.onActivate { viewModel.send(.save) }
        cityEntry.onActivate { viewModel.send(.save) }
        save.onClick { viewModel.send(.save) }
        units.onSelect { viewModel.send(.chooseUnit($0)) }
        // Down goes from the city field to the suggestions, Enter (or a click) picks one, Esc closes them.
        suggestions.onChoose { [cityEntry] position in
            viewModel.send(.chooseSuggestion(position))
            _ = cityEntry.grabFocus()
        }
        let cityKeys = ShortcutController(reach: .focusedWidgetFirst)
        cityKeys.add("Down") { [suggestions] in suggestions.focusFirstRow() }
        cityKeys.add("Escape") { [weak self] in
            guard self?.shownSuggestions.isEmpty == false else { return false }
            viewModel.send(.closeSuggestions)
            return true
        }
        cityEntry.add(cityKeys)
        let suggestionKeys = ShortcutController(reach: .focusedWidget)
        suggestionKeys.add("Escape") { [cityEntry] in
            viewModel.send(.closeSuggestions)
            return cityEntry.grabFocus()
        }
        suggestions.add(suggestionKeys)
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
        units.setItems(state.unitChoices)
        units.selected = state.unitIndex
        // Save turns insensitive once saved: pressed from the keyboard, it would take the focus with
        // it and leave none in the window. The focus goes back to the top of the form.
        if !state.canSave, save.containsFocus { nameEntry.grabFocus() }
        save.isSensitive = state.canSave
        if state.suggestions != shownSuggestions {
            shownSuggestions = state.suggestions
            suggestions.setItems(state.suggestions.map(\.displayName))
        }
    }
}
