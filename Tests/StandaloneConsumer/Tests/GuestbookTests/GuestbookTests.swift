import Guestbook
import Multicast
import Testing

@MainActor
final class Reader: GuestbookDelegate {
    var signatures: [String] = []
    func didSign(_ name: String) { signatures.append(name) }
}

@MainActor
@Suite("A package that depends only on Multicast")
struct GuestbookTests {
    @Test("delegates hear every signature, and a released one is no longer called")
    func delegatesHearSignatures() {
        let book = Guestbook()
        let kept = Reader()
        book.delegates += kept
        do {
            let passing = Reader()
            book.delegates += passing
            book.sign("Ada")
            #expect(passing.signatures == ["Ada"])
        }
        book.sign("Grace")
        #expect(kept.signatures == ["Ada", "Grace"])
        #expect(book.delegates.count == 1)
    }

    @Test("a view subscribed with an owner gets the current count, then each new one")
    func publinkReplaysAndPublishes() {
        let book = Guestbook()
        book.sign("Ada")
        final class Badge { var shown: [Int] = [] }
        let badge = Badge()
        book.count.subscribe(badge) { badge, count in badge.shown.append(count) }
        book.sign("Grace")
        #expect(badge.shown == [1, 2])
    }
}
