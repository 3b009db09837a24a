import Synchronization

/// A `Category` in four bytes, as a place keeps it: the known kinds by their position, any other
/// kind by its number in a table of the other kinds' names seen in this process. A `Category` takes
/// 16 bytes (`.other` carries a string), 16 MB of a million places, where a file's places share a
/// few dozen kinds. Equal kinds have equal codes, so places compare by code.
struct CategoryCode: Hashable, Sendable {
    private let value: UInt32

    /// The other kinds' names, numbered from `Category.known.count` on; never shrinks (a name is
    /// kept once, however many places and files have it).
    private static let others = Mutex((names: [String](), numbers: [String: UInt32]()))

    init(_ category: Category) {
        if let known = Category.known.firstIndex(of: category) {
            value = UInt32(known)
            return
        }
        guard case .other(let name) = category else { preconditionFailure("a kind neither known nor other") }
        value = Self.others.withLock { others in
            if let number = others.numbers[name] { return number }
            let number = UInt32(Category.known.count + others.names.count)
            others.names.append(name)
            others.numbers[name] = number
            return number
        }
    }

    var category: Category {
        let index = Int(value)
        if index < Category.known.count { return Category.known[index] }
        return .other(Self.others.withLock { $0.names[index - Category.known.count] })
    }
}
