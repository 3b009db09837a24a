extension Profile {
    /// A three-way merge for two instances of Places saving one profile: each field `mine` changed
    /// since `base` takes `mine`'s value, every other field keeps `theirs` (what the file holds now).
    public static func merged(base: Profile, mine: Profile, theirs: Profile) -> Profile {
        Profile(
            name: mine.name != base.name ? mine.name : theirs.name,
            homeCity: mine.homeCity != base.homeCity ? mine.homeCity : theirs.homeCity,
            distanceUnit: mine.distanceUnit != base.distanceUnit ? mine.distanceUnit : theirs.distanceUnit
        )
    }
}
