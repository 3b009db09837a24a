import PlacesCore
import Synchronization

/// A value two instances of Places can both change and save: `merged` applies what `mine` changed
/// since `base` to `theirs`, so neither erases the other's changes.
public protocol ThreeWayMergeable: Sendable, Equatable {
    static func merged(base: Self, mine: Self, theirs: Self) -> Self
}

extension Library: ThreeWayMergeable {}
extension Profile: ThreeWayMergeable {}

/// A store in memory (`InMemoryLibraryStore`, `InMemoryProfileStore`) for tests and benchmarks, which
/// can make it fail, count its saves, and change it as another instance of Places would.
public final class InMemoryStore<Value: ThreeWayMergeable>: Sendable {
    private struct State {
        var saved: Value?
        var saveCount = 0
        var saveFailure: (any Error & Sendable)?
        var loadFailure: (any Error & Sendable)?
    }

    private let state: Mutex<State>

    public init(_ value: Value? = nil) { state = Mutex(State(saved: value)) }

    public var saved: Value? { state.withLock { $0.saved } }
    public var saveCount: Int { state.withLock { $0.saveCount } }
    /// When set, saving throws it.
    public var saveFailure: (any Error & Sendable)? {
        get { state.withLock { $0.saveFailure } }
        set { state.withLock { $0.saveFailure = newValue } }
    }
    /// When set, loading throws it.
    public var loadFailure: (any Error & Sendable)? {
        get { state.withLock { $0.loadFailure } }
        set { state.withLock { $0.loadFailure = newValue } }
    }

    /// Changes what is saved as another instance of Places would.
    public func saveElsewhere(_ value: Value) {
        state.withLock { $0.saved = value }
    }

    public func loadValue() throws -> Loaded<Value> {
        try state.withLock { state in
            if let failure = state.loadFailure { throw failure }
            return Loaded(state.saved)
        }
    }

    public func saveValue(_ value: Value, base: Value?) throws -> Value {
        try state.withLock { state in
            if let failure = state.saveFailure { throw failure }
            let merged = base.flatMap { base in state.saved.map { Value.merged(base: base, mine: value, theirs: $0) } } ?? value
            state.saved = merged
            state.saveCount += 1
            return merged
        }
    }
}

public typealias InMemoryLibraryStore = InMemoryStore<Library>
public typealias InMemoryProfileStore = InMemoryStore<Profile>

extension InMemoryStore: LibraryStore where Value == Library {
    public func load() throws -> Loaded<Library> { try loadValue() }
    public func save(_ library: Library, base: Library?) throws -> Saved<Library> { Saved(try saveValue(library, base: base)) }
}

extension InMemoryStore: ProfileStore where Value == Profile {
    public func loadProfile() throws -> Loaded<Profile> { try loadValue() }
    public func save(_ profile: Profile, base: Profile?) throws -> Profile { try saveValue(profile, base: base) }
}
