/// The documented semantics of `Publink`, from its documentation alone: an ordered list of active
/// subscriptions; a publish records `latest` first, then works on a snapshot of that list and calls each
/// subscriber that is still active at its turn; a new subscriber gets `latest` at once when `replaysLast`.
struct PublinkReferenceModel {
    let replaysLast: Bool
    private(set) var active: [Int] = []
    /// Subscriptions the test holds (cancelled or not).
    private(set) var held: Set<Int> = []
    private(set) var latest: Int?
    private(set) var deliveries: [PublinkDelivery] = []

    private(set) var skippedBecauseCancelled = 0
    private(set) var firedTriggers = 0
    private(set) var replays = 0

    init(replaysLast: Bool) { self.replaysLast = replaysLast }

    mutating func clearDeliveries() { deliveries.removeAll(keepingCapacity: true) }

    mutating func apply(_ action: PublinkAction) {
        switch action {
        case .subscribe(let id):
            held.insert(id)
            active.append(id)
            if replaysLast, let latest {
                replays += 1
                deliveries.append(PublinkDelivery(subscriber: id, value: latest, isReplay: true))
            }
        case .cancel(let id):
            if held.contains(id) { active.removeAll { $0 == id } }
        case .release(let id):
            held.remove(id)
            active.removeAll { $0 == id }
        case .publish(let value, let trigger):
            latest = value
            var fired = false
            for id in active {
                guard active.contains(id) else { skippedBecauseCancelled += 1; continue }
                deliveries.append(PublinkDelivery(subscriber: id, value: value, isReplay: false))
                if let trigger, !fired, trigger.target == id {
                    fired = true
                    firedTriggers += 1
                    apply(trigger.action)
                }
            }
        }
    }
}
