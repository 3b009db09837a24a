/// Reference (w), not a library: the least any weak storage must do per delivery. Each slot's weak
/// reference is loaded where it lives (`swift_weakLoadStrong`), the receiver is called, then released;
/// nothing is copied, cast or checked.
final class WeakReceiverBuffer {
    private struct Slot {
        weak var receiver: (any Receiver)?
    }

    private let slots: UnsafeMutablePointer<Slot>
    private let count: Int

    init(_ receivers: [any Receiver]) {
        count = receivers.count
        slots = .allocate(capacity: receivers.count)
        for (index, receiver) in receivers.enumerated() {
            (slots + index).initialize(to: Slot(receiver: receiver))
        }
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func deliver(_ event: Int) {
        var index = 0
        while index < count {
            if let receiver = slots[index].receiver { receiver.receive(event) }
            index += 1
        }
    }
}
