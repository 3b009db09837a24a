public struct ProfileFormState: Equatable, Sendable {
    public var name: String = ""
    /// The home-city field as typed.
    public var cityText: String = ""
    /// Why the name cannot be saved, shown under the field; nil when fine.
    public var nameError: String?
    /// Why the city cannot be saved; nil when fine.
    public var cityError: String?
    /// Type-ahead suggestions for the city field, most populous first.
    public var suggestions: [City] = []
    /// The units distances can be written in: the locale's, kilometres, miles.
    public var unitChoices: [String] = []
    /// The position of the unit chosen among `unitChoices`.
    public var unitIndex = 0
    /// Whether Save is sensitive: the form is valid and differs from the saved profile.
    public var canSave = false
    /// "Saving…" while the profile is written, or the reason saving failed (the coordinator announces
    /// a save that succeeded).
    public var confirmation: String?
    public var confirmationIsError = false
}
