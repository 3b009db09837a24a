import Foundation
import Multicast

/// The profile form's view-model: keeps a draft, validates it inline, suggests cities, and saves
/// into the shared `ProfileModel` (whose broadcast then moves the home location everywhere).
@MainActor
public final class ProfileViewModel: ProfileModelDelegate {
    /// Longest name accepted, in characters.
    public static let maximumNameLength = 80

    /// The form's state; replays the latest to a new subscriber.
    public let state = Publink<ProfileFormState>(replaysLast: true)

    private let profileModel: ProfileModel
    /// The cities suggestions come from (the bundled list arrives after launch).
    public var cities: CityDirectory {
        didSet { publish() }
    }
    private var draftName: String
    private var draftCityText: String
    private var draftCity: City?
    private var nameEdited = false
    private var cityEdited = false
    private var confirmation: (text: String, isError: Bool)?
    /// The last save failed: the model holds the draft but the store does not, so Save stays available.
    private var saveFailed = false

    /// Starts from the saved profile and subscribes to it.
    public init(profileModel: ProfileModel, cities: CityDirectory) {
        self.profileModel = profileModel
        self.cities = cities
        draftName = profileModel.name
        draftCity = profileModel.homeCity
        draftCityText = profileModel.homeCity?.displayName ?? ""
        profileModel.delegates += self
        publish()
    }

    /// The name field changed.
    public func nameChanged(_ text: String) {
        guard text != draftName else { return }
        draftName = text
        nameEdited = true
        confirmation = nil
        publish()
    }

    /// The city field changed: the typed text picks a city only when it names one exactly.
    public func cityTextChanged(_ text: String) {
        guard text != draftCityText else { return }
        draftCityText = text
        draftCity = cities.city(named: text)
        cityEdited = true
        confirmation = nil
        publish()
    }

    /// A suggestion was chosen.
    public func choose(_ city: City) {
        draftCity = city
        draftCityText = city.displayName
        cityEdited = true
        confirmation = nil
        publish()
    }

    /// Saves the draft when it is valid and changed; the model broadcasts `didSave`.
    public func save() {
        guard let name = validName, cityError == nil, isChanged else { return }
        profileModel.name = name
        profileModel.homeCity = draftCity
        profileModel.save()
    }

    public func didSave() {
        saveFailed = false
        confirmation = ("Profile saved", false)
        nameEdited = false
        cityEdited = false
        publish()
    }

    public func didFailToSave(_ error: any Error) {
        saveFailed = true
        confirmation = ("Could not save the profile: \(error)", true)
        publish()
    }

    public func didUpdate(name: String) {
        if !nameEdited { draftName = name }
        publish()
    }

    public func didUpdate(city: City?) {
        if !cityEdited {
            draftCity = city
            draftCityText = city?.displayName ?? ""
        }
        publish()
    }

    private var trimmedName: String { draftName.trimmingCharacters(in: .whitespacesAndNewlines) }

    private var validName: String? {
        let name = trimmedName
        return (1...Self.maximumNameLength).contains(name.count) ? name : nil
    }

    private var nameError: String? {
        let count = trimmedName.count
        if count == 0 { return "Enter your name" }
        if count > Self.maximumNameLength {
            return "Use at most \(Self.maximumNameLength) characters (this is \(count))"
        }
        return nil
    }

    private var cityError: String? {
        let text = draftCityText.trimmingCharacters(in: .whitespaces)
        if text.isEmpty || draftCity != nil { return nil }
        return "Choose a city from the suggestions"
    }

    private var isChanged: Bool {
        saveFailed || trimmedName != profileModel.name || draftCity != profileModel.homeCity
    }

    private func publish() {
        let showCitySuggestions = cityEdited && draftCity == nil
        state.publish(ProfileFormState(
            name: draftName,
            cityText: draftCityText,
            // Once anything is edited, say why Save is off: a chosen city with no name yet included.
            nameError: nameEdited || cityEdited ? nameError : nil,
            cityError: cityEdited ? cityError : nil,
            suggestions: showCitySuggestions ? cities.suggestions(for: draftCityText) : [],
            canSave: validName != nil && cityError == nil && isChanged,
            confirmation: confirmation?.text,
            confirmationIsError: confirmation?.isError ?? false
        ))
    }
}
