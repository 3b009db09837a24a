import Multicast

/// Runs `PublinkAction`s against a real `Publink<Int>`, holding the subscriptions, and records deliveries in
/// the same form as `PublinkReferenceModel`.
@MainActor
final class PublinkHarness {
    let link: Publink<Int>
    private(set) var subscriptions: [Int: Subscription] = [:]
    private(set) var deliveries: [PublinkDelivery] = []
    private var subscribing: Int?
    /// The trigger of each publish in progress, keyed by its (unique) value, and whether it fired.
    private var triggers: [Int: (trigger: PublinkTrigger, fired: Bool)] = [:]

    init(replaysLast: Bool) { link = Publink(replaysLast: replaysLast) }

    func clearDeliveries() { deliveries.removeAll(keepingCapacity: true) }

    func apply(_ action: PublinkAction) {
        switch action {
        case .subscribe(let id):
            subscribing = id
            let subscription = link.subscribe { [weak self] value in self?.received(value, by: id) }
            subscribing = nil
            subscriptions[id] = subscription
        case .cancel(let id):
            subscriptions[id]?.cancel()
        case .release(let id):
            subscriptions[id] = nil
        case .publish(let value, let trigger):
            if let trigger { triggers[value] = (trigger, false) }
            link.publish(value)
            triggers[value] = nil
        }
    }

    private func received(_ value: Int, by id: Int) {
        let isReplay = subscribing == id
        deliveries.append(PublinkDelivery(subscriber: id, value: value, isReplay: isReplay))
        guard !isReplay, var pending = triggers[value], !pending.fired, pending.trigger.target == id else { return }
        pending.fired = true
        triggers[value] = pending
        apply(pending.trigger.action)
    }
}
