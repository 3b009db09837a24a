import Multicast

/// Hears who signed the guestbook.
@MainActor
public protocol GuestbookDelegate: AnyObject {
    func didSign(_ name: String)
}

/// A tiny model in the pattern's shape: it broadcasts each signature to its delegates, and publishes
/// the number of signatures for views.
@MainActor
public final class Guestbook {
    public let delegates = MulticastDelegate<any GuestbookDelegate>()
    public let count = Publink<Int>(replaysLast: true)
    public private(set) var names: [String] = []

    public init() { count.publish(0) }

    public func sign(_ name: String) {
        names.append(name)
        delegates ~> { $0.didSign(name) }
        count.publish(names.count)
    }
}
