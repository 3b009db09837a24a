import Foundation

/// One feature's properties as a reader finds them — paths ("addr.street") and texts as UTF-8 bytes
/// in one buffer, in file order — before `FeatureFields` sorts them into what a place shows. Readers
/// keep one and clear it for each feature, so reading a property allocates nothing: strings are made
/// only for the few values a place shows, and the rest are copied as bytes into `PlaceProperties`.
struct PropertyBuffer {
    struct Entry {
        var path: Range<Int>
        var text: Range<Int>
        var kind = PropertyValueKind.text
        /// The path's first eight bytes with ASCII capitals made small, packed (see `firstBytes(of:)`):
        /// two paths whose heads or lengths differ are different, and paths of up to eight bytes
        /// are compared by it alone.
        var head: UInt64 = 0
        /// The path's first eight bytes as they are, the first in the highest byte: paths whose
        /// prefixes differ sort as these numbers do.
        var prefix: UInt64 = 0
    }

    /// A path looked for among the entries' paths (in lower case), its head worked out once.
    struct Path {
        let bytes: [UInt8]
        let head: UInt64

        init(_ lowercased: String) {
            bytes = Array(lowercased.utf8)
            head = PropertyBuffer.firstBytes(of: bytes[...]).head
        }
    }

    /// The first eight bytes of `path` packed as `Entry` keeps them: `head` with ASCII capitals made
    /// small, the first in the lowest byte; `prefix` as they are, the first in the highest byte;
    /// zeros after a shorter path.
    static func firstBytes(of path: some Collection<UInt8>) -> (head: UInt64, prefix: UInt64) {
        var head: UInt64 = 0, prefix: UInt64 = 0
        var shift: UInt64 = 0
        for byte in path.prefix(8) {
            head |= UInt64(byte.lowercasedASCII) << shift
            prefix |= UInt64(byte) << (56 - shift)
            shift += 8
        }
        return (head, prefix)
    }

    /// Paths and texts, one after the other; readers append to it, then `add` the ranges.
    var bytes: [UInt8] = []
    private(set) var entries: [Entry] = []

    init() {
        bytes.reserveCapacity(1024)
        entries.reserveCapacity(16)
    }

    /// Properties given as strings, for readers (and tests) that have them as such.
    init(_ properties: [(path: String, text: String)]) {
        self.init(properties.map { ($0.path, $0.text, PropertyValueKind.text) })
    }

    init(_ properties: [(path: String, text: String, kind: PropertyValueKind)]) {
        self.init()
        for (path, text, kind) in properties {
            let pathStart = bytes.count
            bytes.append(contentsOf: path.utf8)
            let textStart = bytes.count
            bytes.append(contentsOf: text.utf8)
            add(path: pathStart..<textStart, text: textStart..<bytes.count, kind: kind)
        }
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
    }

    /// Adds the property whose path and text a reader has appended to `bytes`.
    mutating func add(path: Range<Int>, text: Range<Int>, kind: PropertyValueKind = .text) {
        let (head, prefix) = bytes.withUnsafeBufferPointer { Self.firstBytes(of: $0[path]) }
        entries.append(Entry(path: path, text: text, kind: kind, head: head, prefix: prefix))
    }

    func text(_ entry: Entry) -> String { String(decoding: bytes[entry.text], as: UTF8.self) }

    /// Whether two paths are the same ignoring ASCII case.
    func samePath(_ first: Entry, _ second: Entry) -> Bool {
        guard first.head == second.head, first.path.count == second.path.count else { return false }
        return first.path.count <= 8 || bytes.withUnsafeBufferPointer { bytes in
            zip(bytes[(first.path.lowerBound + 8)..<first.path.upperBound], bytes[(second.path.lowerBound + 8)..<second.path.upperBound])
                .allSatisfy { $0.lowercasedASCII == $1.lowercasedASCII }
        }
    }

    /// Whether the entry's path is `path` ignoring ASCII case.
    func path(_ entry: Entry, is path: Path) -> Bool {
        guard entry.head == path.head, entry.path.count == path.bytes.count else { return false }
        return path.bytes.count <= 8 || restOf(entry, startsWith: path)
    }

    /// Whether the entry's path is `path`, or that followed by `separator` and more, ignoring ASCII case.
    func path(_ entry: Entry, startsWith path: Path, then separator: UInt8) -> Bool {
        let length = path.bytes.count
        guard entry.path.count >= length else { return false }
        let mask: UInt64 = length >= 8 ? ~0 : (1 << (8 * UInt64(length))) - 1
        guard entry.head & mask == path.head, length <= 8 || restOf(entry, startsWith: path) else { return false }
        return entry.path.count == length || bytes[entry.path.lowerBound + length] == separator
    }

    /// Whether the entry's path goes on from its eighth byte as `path` does, ignoring ASCII case.
    private func restOf(_ entry: Entry, startsWith path: Path) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            zip(bytes[(entry.path.lowerBound + 8)...], path.bytes[8...]).allSatisfy { $0.lowercasedASCII == $1 }
        }
    }

    /// `entries` (paths all different) sorted by path, bytewise (Unicode scalar order).
    func sortedByPath(_ entries: consuming [Entry]) -> [Entry] {
        var entries = consume entries
        bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            func precedes(_ first: Entry, _ second: Entry) -> Bool {
                if first.prefix != second.prefix { return first.prefix < second.prefix }
                let order = memcmp(base + first.path.lowerBound, base + second.path.lowerBound, min(first.path.count, second.path.count))
                return order < 0 || order == 0 && first.path.count < second.path.count
            }
            // An insertion sort for a place's handful, with no closure context to call through.
            guard entries.count <= 24 else { return entries.sort(by: precedes) }
            for index in entries.indices.dropFirst() {
                let entry = entries[index]
                var slot = index
                while slot > 0, precedes(entry, entries[slot - 1]) {
                    entries[slot] = entries[slot - 1]
                    slot -= 1
                }
                entries[slot] = entry
            }
        }
        return entries
    }
}
