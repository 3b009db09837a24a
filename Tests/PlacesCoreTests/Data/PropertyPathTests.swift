import PlacesCore
import Testing

/// A feature's property paths are compared by their first eight bytes before the rest (`PropertyBuffer.Entry`):
/// paths that share those bytes, or differ past them, must still be told apart, matched ignoring case and
/// kept in byte order.
@Suite("Property paths")
struct PropertyPathTests {
    @Test("paths that share their first eight bytes, or differ only in case past them, are told apart and matched as the file means")
    func sharedHeads() {
        let fields = FeatureFields([
            ("contact.email", "a@example.org"), ("contact.phone", "+33 1"), ("Contact.Email", "b@example.org"),
            ("location.name", "Hut"), ("LOCATION.NAME", "Other hut"), ("Collections#1", "Trips"), ("collectionsX", "kept"),
        ])
        #expect(fields.name == "Hut")
        #expect(fields.groups == ["Trips"])
        #expect(fields.kept.map(\.key) == ["collectionsX", "contact.email", "contact.phone"])
        #expect(fields.kept["contact.email"] == "a@example.org")
    }

    @Test("kept properties are in byte order whatever order the file gave, past the first eight bytes too")
    func byteOrder() {
        let fields = FeatureFields([
            ("addr.street", "1"), ("addr.city", "2"), ("Zeta", "3"), ("a", "4"), ("addr.cit", "5"), ("addr.city2", "6"), ("a\u{0}", "7"),
        ])
        #expect(fields.kept.map(\.key) == ["Zeta", "a", "a\u{0}", "addr.cit", "addr.city", "addr.city2", "addr.street"])
    }
}
