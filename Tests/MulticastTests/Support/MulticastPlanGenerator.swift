import TestingSupport

/// Draws random `MulticastAction`s from a seeded generator, given the reference model's current state.
struct MulticastPlanGenerator {
    private var random: SplitMix64
    private var nextID = 0
    /// The test never holds more delegates than this at top level (nested additions may exceed it a little).
    let maximumHeld = 10
    let maximumDepth = 3

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// A top-level step.
    mutating func step(held: [Int], members: [Int]) -> MulticastAction {
        let roll = random.below(100)
        switch roll {
        case ..<14:
            return held.count < maximumHeld ? newDelegate() : .addExisting(random.pick(held))
        case ..<26:
            return held.isEmpty ? newDelegate() : .addExisting(random.pick(held))
        case ..<38:
            return held.isEmpty ? newDelegate() : .remove(random.pick(held))
        case ..<48:
            return held.isEmpty ? newDelegate() : .release(random.pick(held))
        case ..<64:
            return .invoke(nil)
        default:
            return .invoke(trigger(depth: 1, held: held, members: members))
        }
    }

    private mutating func newDelegate() -> MulticastAction {
        defer { nextID += 1 }
        return .addNew(nextID)
    }

    /// A trigger for a broadcast at `depth`, aimed mostly at members (otherwise it would never fire).
    private mutating func trigger(depth: Int, held: [Int], members: [Int]) -> MulticastTrigger? {
        let targets = members.isEmpty || random.below(10) == 0 ? held : members
        guard !targets.isEmpty else { return nil }
        return MulticastTrigger(target: random.pick(targets), action: nested(depth: depth, held: held, members: members))
    }

    /// An action performed inside a delegate's callback during a broadcast at `depth`.
    private mutating func nested(depth: Int, held: [Int], members: [Int]) -> MulticastAction {
        let roll = random.below(100)
        let victims = members.isEmpty || random.below(4) == 0 ? held : members
        switch roll {
        case ..<16:
            return newDelegate()
        case ..<30:
            return victims.isEmpty ? newDelegate() : .addExisting(random.pick(held.isEmpty ? victims : held))
        case ..<52:
            return victims.isEmpty ? newDelegate() : .remove(random.pick(victims))
        case ..<74:
            return victims.isEmpty ? newDelegate() : .release(random.pick(victims))
        default:
            let inner = depth < maximumDepth ? trigger(depth: depth + 1, held: held, members: members) : nil
            return .invoke(inner)
        }
    }
}
