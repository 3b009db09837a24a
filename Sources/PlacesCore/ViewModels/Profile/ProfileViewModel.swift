import Foundation
import Multicast

/// The profile form's view-model: keeps a draft, validates it as it is typed, suggests cities, and
/// saves into the shared `ProfileModel`, whose broadcast then moves "home" for every tab.
@MainActor
public final class ProfileViewModel: ProfileModelDelegate, GazetteerModelDelegate {
    /// What the form tells the view-model.
    public enum Input: Sendable {
        case nameChanged(String)
        /// The city field's text changed: it picks a city only when it names one exactly.
        case cityTextChanged(String)
        /// The person picked the suggestion at this position.
        case chooseSuggestion(Int)
        /// The person closed the suggestions (Esc); they come back with the next edit.
        case closeSuggestions
        /// The person chose the unit at this position of `ProfileFormState.unitChoices`.
        case chooseUnit(Int)
        /// Save, when the draft is valid and changed (Enter or the Save button).
        case save
        /// The bundled cities arrived: suggestions come from them from now on.
        case cities(CityDirectory)
    }

    /// Longest name accepted, in characters.
    public static let maximumNameLength = 80
    /// Most characters the name field takes: far above the longest name, so a paste that is too long
    /// is seen and counted, yet bounded (GTK would cut it at 65,535 bytes anyway, and count wrong).
    public static let nameFieldLimit = 1000

    /// The form's state; replays the latest to a new subscriber.
    public let state = Publink<ProfileFormState>(replaysLast: true)

    private let profile: ProfileModel
    private let gazetteer: GazetteerModel
    private var cities: CityDirectory
    private var draftName: String
    private var draftCityText: String
    private var draftCity: City?
    private var draftUnit: DistanceUnit?
    private var nameEdited = false
    private var cityEdited = false
    private var suggestionsClosed = false
    private var confirmation: (text: String, isError: Bool)?
    /// The last save failed: the model holds the draft but the store does not, so Save stays available.
    private var saveFailed = false

    /// Starts from the saved profile and subscribes to it.
    public init(profile: ProfileModel, cities: CityDirectory = CityDirectory([]), gazetteer: GazetteerModel = GazetteerModel()) {
        self.profile = profile
        self.gazetteer = gazetteer
        self.cities = gazetteer.isLoaded ? cities.adding(gazetteer.gazetteer) : cities
        draftName = profile.name
        draftCity = profile.homeCity
        draftCityText = profile.homeCity?.displayName ?? ""
        draftUnit = profile.chosenUnit
        profile.delegates += self
        gazetteer.delegates += self
        publish()
    }

    /// The world's towns are read: they are suggested too, and a town typed whole is picked.
    public func gazetteerDidLoad() {
        cities = cities.adding(gazetteer.gazetteer)
        if cityEdited, draftCity == nil { draftCity = cities.city(named: draftCityText) }
        publish()
    }

    public func send(_ input: Input) {
        switch input {
        case .nameChanged(let text):
            draftName = text
            nameEdited = true
            confirmation = nil
        case .cityTextChanged(let text):
            gazetteer.need()
            draftCityText = text
            draftCity = cities.city(named: text)
            cityEdited = true
            suggestionsClosed = false
            confirmation = nil
        case .chooseSuggestion(let position):
            guard let city = state.latest?.suggestions[safe: position] else { return }
            draftCity = city
            draftCityText = city.displayName
            cityEdited = true
            confirmation = nil
        case .closeSuggestions:
            suggestionsClosed = true
        case .chooseUnit(let position):
            guard position >= 0, position < Self.unitChoices.count else { return }
            draftUnit = Self.unitChoices[position]
            confirmation = nil
        case .save:
            guard let name = validName, cityError == nil, isChanged else { return }
            profile.save(Profile(name: name, homeCity: draftCity, distanceUnit: draftUnit))
            return  // the form follows the model's broadcast
        case .cities(let directory):
            cities = gazetteer.isLoaded ? directory.adding(gazetteer.gazetteer) : directory
            // A city typed before the cities were read is picked now that they are.
            if cityEdited, draftCity == nil { draftCity = cities.city(named: draftCityText) }
        }
        publish()
    }

    public func profileDidChange(_ change: ProfileChange) {
        // This form's own save carries its draft; a save from elsewhere only refreshes fields not being edited.
        if profile.name == trimmedName, profile.homeCity == draftCity, profile.chosenUnit == draftUnit {
            switch change.outcome {
            case .restored:
                break
            case .saving:
                saveFailed = false
                confirmation = (tr("Saving…"), false)
                nameEdited = false
                cityEdited = false
            case .saved:  // the coordinator says so, in a notice
                saveFailed = false
                confirmation = nil
                nameEdited = false
                cityEdited = false
            case .failed(let reason):
                saveFailed = true
                confirmation = (tr("Could not save the profile: {reason}", ["reason": reason]), true)
            }
        }
        if !nameEdited { draftName = profile.name }
        if !cityEdited {
            draftCity = profile.homeCity
            draftCityText = profile.homeCity?.displayName ?? ""
        }
        if change.distanceUnitChanged { draftUnit = profile.chosenUnit }
        publish()
    }

    private var trimmedName: String { draftName.trimmingCharacters(in: .whitespacesAndNewlines) }

    private var validName: String? {
        let name = trimmedName
        return (1...Self.maximumNameLength).contains(name.count) ? name : nil
    }

    private var nameError: String? {
        let count = trimmedName.count
        if count == 0 { return tr("Enter your name") }
        if count >= Self.nameFieldLimit {
            return tr("Use at most {maximum} characters (this is {count} or more)",
                      ["maximum": String(Self.maximumNameLength), "count": String(Self.nameFieldLimit)])
        }
        if count > Self.maximumNameLength {
            return tr("Use at most {maximum} characters (this is {count})", ["maximum": String(Self.maximumNameLength), "count": String(count)])
        }
        return nil
    }

    private var cityError: String? {
        let text = draftCityText.trimmingCharacters(in: .whitespaces)
        if text.isEmpty || draftCity != nil { return nil }
        if cities.suggestions(for: text, limit: 1).isEmpty {
            return tr("No city called “{name}” is known", ["name": text])
        }
        return tr("Choose a city from the suggestions")
    }

    private var isChanged: Bool {
        saveFailed || trimmedName != profile.name || draftCity != profile.homeCity || draftUnit != profile.chosenUnit
    }

    /// The units offered, in order: the locale's (nil), kilometres, miles.
    static let unitChoices: [DistanceUnit?] = [nil, .kilometres, .miles]

    private func unitName(_ unit: DistanceUnit?) -> String {
        switch unit {
        case nil: profile.localUnit == .miles ? tr("Miles, as in your region") : tr("Kilometres, as in your region")
        case .kilometres?: tr("Kilometres")
        case .miles?: tr("Miles")
        }
    }

    private func publish() {
        let showCitySuggestions = cityEdited && draftCity == nil && !suggestionsClosed
        state.publish(ProfileFormState(
            name: draftName,
            cityText: draftCityText,
            // Once anything is edited, say why Save is off: a chosen city with no name yet included.
            nameError: nameEdited || cityEdited ? nameError : nil,
            cityError: cityEdited ? cityError : nil,
            suggestions: showCitySuggestions ? cities.suggestions(for: draftCityText) : [],
            unitChoices: Self.unitChoices.map(unitName), unitIndex: Self.unitChoices.firstIndex(of: draftUnit) ?? 0,
            canSave: validName != nil && cityError == nil && isChanged,
            confirmation: confirmation?.text,
            confirmationIsError: confirmation?.isError ?? false
        ))
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
