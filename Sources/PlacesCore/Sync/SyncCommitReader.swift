/// Reads one line of a device's log as a `SyncCommit`, walking it with `JSONParser` (several times
/// faster than `JSONDecoder`, which builds the whole line as a tree first): the line written by
/// `SyncLog.line`, members in any order, members it does not know skipped, and operations in `more`
/// on entities it does not know skipped (a later Places writes its new entities there). Anything
/// else — a value of the wrong type, a number that is not a whole one, an operation naming nothing or
/// changing nothing, a position off the Earth — makes the line unreadable (`nil`).
struct SyncCommitReader {
    let device: SyncDevice.ID

    func commit(_ line: UnsafeBufferPointer<UInt8>) -> SyncCommit? {
        var parser = JSONParser(bytes: line)
        do throws(JSONParseError) {
            try parser.startDocument()
            try parser.openObject()
            var sequence: Int?, clock: HybridTimestamp?, seen: [SyncDevice.ID: Int] = [:], operations: [SyncOperation] = []
            var hasOperations = false
            var first = true
            while let name = try parser.nextMember(first: &first) {
                switch name {
                case "n": sequence = try Self.whole(&parser)
                case "clock":
                    try parser.openArray()
                    var firstElement = true
                    var parts: [Int] = []
                    while try parser.nextElement(first: &firstElement) { parts.append(try Self.whole(&parser) ?? -1) }
                    guard parts.count == 2, parts[0] >= 0, parts[1] >= 0 else { return nil }
                    clock = HybridTimestamp(milliseconds: Int64(parts[0]), counter: parts[1])
                case "seen":
                    try parser.openObject()
                    var firstMember = true
                    while let other = try parser.nextMember(first: &firstMember) {
                        guard let number = try Self.whole(&parser) else { return nil }
                        seen[other] = number
                    }
                case "ops", "more":
                    try parser.openArray()
                    var firstElement = true
                    while try parser.nextElement(first: &firstElement) {
                        switch try Self.operation(&parser) {
                        case .read(let operation): operations.append(operation)
                        case .unknown where name == "more": continue
                        case .unknown, .unreadable: return nil
                        }
                    }
                    if name == "ops" { hasOperations = true }
                default: try parser.skipValue()
                }
            }
            try parser.endDocument()
            guard let sequence, sequence > 0, let clock, hasOperations else { return nil }
            return SyncCommit(device: device, sequence: sequence, clock: clock, seen: seen, operations: operations)
        } catch {
            return nil
        }
    }

    /// A whole number (nil: a number that is not one, or too large); throws on anything else.
    private static func whole(_ parser: inout JSONParser) throws(JSONParseError) -> Int? {
        guard parser.peekKind() == .number else { throw parser.error("expected a number") }
        let number = try parser.parseNumber()
        guard number.rounded() == number, abs(number) < 9e15 else { return nil }
        return Int(number)
    }

    private static func text(_ parser: inout JSONParser) throws(JSONParseError) -> String? {
        parser.peekKind() == .string ? try parser.parseString() : nil
    }

    private static func flag(_ parser: inout JSONParser) throws(JSONParseError) -> Bool? {
        guard case .bool(let flag) = try parser.parseValue() else { return nil }
        return flag
    }

    /// What one operation of a line was.
    private enum Parsed {
        case read(SyncOperation)
        /// It names no entity, or sets no field, that this version knows (a later Places added them).
        case unknown
        /// It is not one this version can apply.
        case unreadable
    }

    private static func operation(_ parser: inout JSONParser) throws(JSONParseError) -> Parsed {
        try parser.openObject()
        var ids: [SyncEntity: String] = [:]
        var deleted = false
        var fields: [SyncField: SyncValue] = [:]
        var first = true
        while let name = try parser.nextMember(first: &first) {
            if let entity = SyncEntity(rawValue: name) {
                guard let id = try text(&parser), !id.isEmpty else { return .unreadable }
                ids[entity] = id
                continue
            }
            switch name {
            case "deleted":
                guard let flag = try flag(&parser) else { return .unreadable }
                deleted = flag
            default:
                guard let field = SyncField(rawValue: name) else {
                    try parser.skipValue()
                    continue
                }
                switch field {
                case .position:
                    try parser.openArray()
                    var firstElement = true
                    var pair: [Double] = []
                    while try parser.nextElement(first: &firstElement) {
                        guard parser.peekKind() == .number else { return .unreadable }
                        pair.append(try parser.parseNumber())
                    }
                    guard pair.count == 2, Coordinate(latitude: pair[0], longitude: pair[1]).isValid else { return .unreadable }
                    fields[field] = .position(latitude: pair[0], longitude: pair[1])
                case .properties:
                    try parser.openObject()
                    var firstMember = true
                    var pairs: [String: String] = [:]
                    while let key = try parser.nextMember(first: &firstMember) {
                        guard let value = try text(&parser) else { return .unreadable }
                        pairs[key] = value
                    }
                    fields[field] = .pairs(pairs)
                case .on, .created:
                    guard let flag = try flag(&parser) else { return .unreadable }
                    fields[field] = .flag(flag)
                case .name, .kind, .notes, .link, .title, .path:
                    guard let text = try text(&parser) else { return .unreadable }
                    fields[field] = .text(text)
                }
            }
        }
        let key: SyncKey
        // A member names its collection too.
        if let place = ids[.member] {
            guard let collection = ids[.collection] else { return .unreadable }
            key = SyncKey(.member, SyncOperation.memberID(collection: collection, place: place))
        } else if let found = SyncEntity.allCases.first(where: { ids[$0] != nil }) {
            key = SyncKey(found, ids[found]!)
        } else {
            return .unknown
        }
        if deleted { return .read(SyncOperation(key.entity, key.id, .delete)) }
        let allowed = key.entity.fields
        fields = fields.filter { allowed.contains($0.key) }
        guard !fields.isEmpty else { return .unknown }
        return .read(SyncOperation(key.entity, key.id, .set(fields)))
    }
}
