/// One feature's properties as a reader finds them — paths ("addr.street") and texts as UTF-8 bytes
/// in one buffer, in file order — before `FeatureFields` sorts them into what a place shows. Readers
/// keep one and clear it for each feature, so reading a property allocates nothing: strings are made
/// only for the few values a place shows, and the rest are copied as bytes into `PlaceProperties`.
struct PropertyBuffer {
    struct Entry {
        var path: Range<Int>
        var text: Range<Int>
        var kind = PropertyValueKind.text
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
            entries.append(Entry(path: pathStart..<textStart, text: textStart..<bytes.count, kind: kind))
        }
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
    }

    /// Adds the property whose path and text a reader has appended to `bytes`.
    mutating func add(path: Range<Int>, text: Range<Int>, kind: PropertyValueKind = .text) {
        entries.append(Entry(path: path, text: text, kind: kind))
    }

    func text(_ entry: Entry) -> String { String(decoding: bytes[entry.text], as: UTF8.self) }

    /// Whether two paths are the same ignoring ASCII case.
    func samePath(_ first: Entry, _ second: Entry) -> Bool {
        guard first.path.count == second.path.count else { return false }
        return bytes.withUnsafeBufferPointer { bytes in
            zip(bytes[first.path], bytes[second.path]).allSatisfy { $0.lowercasedASCII == $1.lowercasedASCII }
        }
    }

    /// Whether the entry's path is `lowercasedPath` ignoring ASCII case.
    func path(_ entry: Entry, is lowercasedPath: [UInt8]) -> Bool {
        guard entry.path.count == lowercasedPath.count else { return false }
        var other = lowercasedPath.startIndex
        for byte in bytes[entry.path] {
            guard byte.lowercasedASCII == lowercasedPath[other] else { return false }
            other += 1
        }
        return true
    }

    /// Whether the entry's path is `lowercasedPath`, or that followed by `separator` and more, ignoring ASCII case.
    func path(_ entry: Entry, startsWith lowercasedPath: [UInt8], then separator: UInt8) -> Bool {
        guard entry.path.count >= lowercasedPath.count else { return false }
        let head = entry.path.lowerBound..<(entry.path.lowerBound + lowercasedPath.count)
        guard path(Entry(path: head, text: entry.text), is: lowercasedPath) else { return false }
        return head.upperBound == entry.path.upperBound || bytes[head.upperBound] == separator
    }

    /// Whether the entry's path comes before the other's, bytewise (Unicode scalar order).
    func pathPrecedes(_ first: Entry, _ second: Entry) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in bytes[first.path].lexicographicallyPrecedes(bytes[second.path]) }
    }
}
