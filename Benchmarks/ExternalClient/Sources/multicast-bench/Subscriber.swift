/// A subscriber whose handler does a tiny amount of work that cannot be inlined or optimized away.
final class Subscriber: Receiver {
    private(set) var total = 0

    @inline(never)
    func receive(_ event: Int) {
        total &+= event | 1
    }
}
