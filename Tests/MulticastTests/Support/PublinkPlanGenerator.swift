import TestingSupport

/// Draws random `PublinkAction`s from a seeded generator, given the reference model's current state.
struct PublinkPlanGenerator {
    private var random: SplitMix64
    private var nextID = 0
    private var nextValue = 0
    let maximumHeld = 8
    let maximumDepth = 3

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func step(held: [Int], active: [Int]) -> PublinkAction {
        switch random.below(100) {
        case ..<18: return held.count < maximumHeld ? newSubscriber() : .cancel(random.pick(held))
        case ..<30: return held.isEmpty ? newSubscriber() : .cancel(random.pick(held))
        case ..<42: return held.isEmpty ? newSubscriber() : .release(random.pick(held))
        case ..<62: return publish(nil)
        default: return publish(trigger(depth: 1, held: held, active: active))
        }
    }

    private mutating func newSubscriber() -> PublinkAction {
        defer { nextID += 1 }
        return .subscribe(nextID)
    }

    private mutating func publish(_ trigger: PublinkTrigger?) -> PublinkAction {
        defer { nextValue += 1 }
        return .publish(nextValue, trigger)
    }

    private mutating func trigger(depth: Int, held: [Int], active: [Int]) -> PublinkTrigger? {
        guard !active.isEmpty else { return nil }
        let target = random.pick(active)
        let victims = random.below(4) == 0 ? held : active
        let action: PublinkAction
        switch random.below(100) {
        case ..<20: action = newSubscriber()
        case ..<45: action = .cancel(random.pick(victims))
        case ..<70: action = .release(random.pick(victims))
        default: action = publish(depth < maximumDepth ? trigger(depth: depth + 1, held: held, active: active) : nil)
        }
        return PublinkTrigger(target: target, action: action)
    }
}
