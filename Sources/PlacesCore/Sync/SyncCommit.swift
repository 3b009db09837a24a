/// One save of one device: the operations it made at once, under one reading of its clock, with how
/// much of every other device's log it had read (`seen`). A device's commits are numbered 1, 2, 3…
/// in its own log, which only it writes; `seen` tells which edits a commit was made after, so that an
/// edit made after another replaces it, while two made without knowing of each other are both kept
/// (`SyncReplica`).
public struct SyncCommit: Sendable, Equatable, Encodable {
    /// Which commit: a device and its number there.
    public struct ID: Hashable, Sendable {
        public var device: SyncDevice.ID
        public var sequence: Int

        public init(device: SyncDevice.ID, sequence: Int) {
            self.device = device
            self.sequence = sequence
        }
    }

    /// What a commit says of itself, without its operations: all `SyncReplica` keeps of it.
    public struct Header: Sendable, Equatable {
        public var id: ID
        public var clock: HybridTimestamp
        /// For each other device, the last of its commits read before this one was made.
        public var seen: [SyncDevice.ID: Int]

        /// Whether this commit was made knowing of `other` (a commit knows of itself).
        public func knows(_ other: ID) -> Bool {
            other.device == id.device ? other.sequence <= id.sequence : (seen[other.device] ?? 0) >= other.sequence
        }

        /// Whether this commit's edits win over `other`'s: made later by the hybrid clock, the device's
        /// id breaking a tie. Both devices decide the same.
        public func isLater(than other: Header) -> Bool {
            clock != other.clock ? clock > other.clock : id.device > other.id.device
        }
    }

    public var header: Header
    public var operations: [SyncOperation]

    public init(device: SyncDevice.ID, sequence: Int, clock: HybridTimestamp, seen: [SyncDevice.ID: Int], operations: [SyncOperation]) {
        header = Header(id: ID(device: device, sequence: sequence), clock: clock, seen: seen.filter { $0.key != device && $0.value > 0 })
        self.operations = operations
    }

    public var id: ID { header.id }

    /// Written as a log's line (`SyncLog.line`), its device left to the log's header; read by
    /// `SyncCommitReader`. Operations on entities older readers do not know go in `more`
    /// (`SyncEntity.isKnownToEveryReader`).
    private enum CodingKeys: String, CodingKey {
        case sequence = "n", clock = "clock", seen = "seen", operations = "ops", more = "more"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(header.id.sequence, forKey: .sequence)
        try container.encode(header.clock, forKey: .clock)
        if !header.seen.isEmpty { try container.encode(header.seen, forKey: .seen) }
        try container.encode(operations.filter(\.key.entity.isKnownToEveryReader), forKey: .operations)
        let more = operations.filter { !$0.key.entity.isKnownToEveryReader }
        if !more.isEmpty { try container.encode(more, forKey: .more) }
    }
}
