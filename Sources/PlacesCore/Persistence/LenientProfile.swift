/// A profile document's `profile` object read field by field: a home city that cannot be used (not a
/// city, or a position off the globe such as latitude 1000) is left out with a notice, keeping the name.
struct LenientProfile: Decodable {
    var profile: Profile
    /// What was left out, for the person.
    var notice: String?

    private enum CodingKeys: String, CodingKey {
        case name, homeCity
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        profile = Profile(name: try container.decodeIfPresent(String.self, forKey: .name) ?? "")
        guard container.contains(.homeCity), try !container.decodeNil(forKey: .homeCity) else { return }
        guard let city = try? container.decode(City.self, forKey: .homeCity) else {
            notice = tr("The home city in your profile could not be read and was left out; choose it again in the Profile tab.")
            return
        }
        guard city.coordinate.isValid else {
            let position = "latitude \(city.coordinate.latitude), longitude \(city.coordinate.longitude)"
            notice = tr("The home city in your profile, {city}, has a position off the globe ({position}) and was left out; choose it again in the Profile tab.",
                        ["city": city.displayName, "position": position])
            return
        }
        profile.homeCity = city
    }
}
