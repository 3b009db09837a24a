import CSystemZlib
import Foundation

/// One device's log in the library folder (`places-ID.jsonl`): JSON Lines, a header naming the device,
/// then one commit a line, numbered upward. Only that device writes it, appending a line per save,
/// so a file-sync engine never has two versions of it to choose between. Now and then the device
/// rewrites it with only what is still in effect (`through` then says up to which commit it did so).
///
/// ```
/// {"commits":0,"device":"k3v9q2m0x7ab","name":"laptop","places-log":1,"through":0,"sum":"9d2f6c01"}
/// {"clock":[1795766400000,0],"n":1,"ops":[{"kind":"park","name":"Picnic","place":"mine/1","position":[60.17,24.94]}],"sum":"5f1c09a2"}
/// {"clock":[1795766460000,0],"n":2,"ops":[{"name":"Lunch","place":"mine/1"}],"seen":{"7hq2…":4},"sum":"0b6e44d1"}
/// ```
///
/// Each line ends with the CRC-32 of what precedes it (`sum`): a line damaged on a disk or in
/// transit is not read as a commit with other values (or a header naming another computer); it
/// stops the reading there.
public struct SyncLog: Sendable {
    public static let formatVersion = 1
    /// The largest log read: about a million places' worth.
    public static let sizeLimit: Int64 = 512_000_000

    public struct Header: Codable, Sendable, Equatable {
        public var version: Int
        public var device: SyncDevice.ID
        public var name: String
        /// Every commit up to this one was read into the file's rewrite: those missing held nothing in effect.
        public var through: Int
        /// How many commits the rewrite wrote: `through` holds only for a reader that read them all
        /// (a file cut short between two lines looks whole otherwise).
        public var commits: Int

        private enum CodingKeys: String, CodingKey {
            case version = "places-log", device, name, through, commits
        }

        public init(device: SyncDevice, through: Int, commits: Int) {
            version = SyncLog.formatVersion
            self.device = device.id
            name = device.name
            self.through = through
            self.commits = commits
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decode(Int.self, forKey: .version)
            device = try container.decode(String.self, forKey: .device)
            name = try container.decode(String.self, forKey: .name)
            through = try container.decode(Int.self, forKey: .through)
            commits = try container.decodeIfPresent(Int.self, forKey: .commits) ?? 0
        }
    }

    /// Why reading stopped before the end of the file.
    public enum Damage: Sendable, Equatable {
        /// Line `line` is not a commit this version can read (garbage, cut short, or out of order).
        case unreadableLine(Int)
    }

    public var header: Header
    public var commits: [SyncCommit]
    /// How many of the bytes were read: up to the end of the last commit read.
    public var length: Int
    /// The number of the last line read.
    public var lines: Int
    /// Set when reading stopped at a damaged line (what follows it is not read).
    public var damage: Damage?

    /// The name of `device`'s log.
    public static func fileName(of device: SyncDevice.ID) -> String { "places-\(device).jsonl" }

    /// Whether `name` may be a log or a copy of one a sync engine made (`places-ID.sync-conflict-….jsonl`,
    /// `places-ID (conflicted copy …).jsonl`); hidden and temporary files (`.syncthing.….tmp`, `….part`,
    /// `.~…`) are not.
    public static func mayBeLog(_ name: String) -> Bool {
        name.hasPrefix("places-") && name.hasSuffix(".jsonl")
    }

    /// Reads a log's `bytes`; nil when they do not start with a log's header. With a `header` a
    /// previous read found, `bytes` are what the file holds after that read (whose last commit was
    /// `lastSequence`, on line `lines`).
    public static func read(_ bytes: [UInt8], header known: Header? = nil, lastSequence: Int = 0, lines: Int = 1) -> SyncLog? {
        var position = 0
        var lineNumber = lines
        let header: Header
        if let known {
            header = known
        } else {
            guard let end = bytes.firstIndex(of: 0x0A),
                  let body = bytes.withUnsafeBufferPointer({ checked(UnsafeBufferPointer(rebasing: $0[..<end])) }),
                  let decoded = try? JSONDecoder().decode(Header.self, from: Data(body)),
                  decoded.version >= 1, SyncDevice.isValid(decoded.device) else { return nil }
            header = decoded
            position = end + 1
        }
        var log = SyncLog(header: header, commits: [], length: position, lines: lineNumber, damage: nil)
        guard header.version == formatVersion else {
            log.damage = .unreadableLine(1)
            return log
        }
        let reader = SyncCommitReader(device: header.device)
        var last = lastSequence
        while position < bytes.count {
            lineNumber += 1
            guard let end = bytes[position...].firstIndex(of: 0x0A),
                  let body = bytes.withUnsafeBufferPointer({ Self.checked(UnsafeBufferPointer(rebasing: $0[position..<end])) }),
                  let commit = body.withUnsafeBufferPointer(reader.commit),
                  commit.id.sequence > last else {
                log.damage = .unreadableLine(lineNumber)
                break
            }
            last = commit.id.sequence
            log.commits.append(commit)
            position = end + 1
            log.length = position
            log.lines = lineNumber
        }
        return log
    }

    /// The bytes of a whole log: `header`, then `commits`.
    public static func encode(header: Header, commits: [SyncCommit]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = summed(try encoder.encode(header))
        for commit in commits { data.append(try line(commit)) }
        return data
    }

    /// `commit` as one line of a log, its newline included. Keys are sorted: the same commit is
    /// always the same bytes, with its clock and number first, its checksum last.
    public static func line(_ commit: SyncCommit) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return summed(try encoder.encode(commit))
    }

    /// The JSON object `object` as a line: `{...}` becomes `{...,"sum":"xxxxxxxx"}` and a newline, the
    /// sum (CRC-32) taken over `{...` (all but the closing brace).
    static func summed(_ object: Data) -> Data {
        var data = object
        data.removeLast()
        let sum = data.withUnsafeBytes { UInt32(crc32(0, $0.bindMemory(to: UInt8.self).baseAddress, uInt($0.count))) }
        data.append(contentsOf: Array(",\"sum\":\"\(Self.hex(sum))\"}\n".utf8))
        return data
    }

    private static let sumSuffixLength = #","sum":"00000000"}"#.utf8.count

    /// The line without its checksum member, closed again, when the checksum is there and right.
    static func checked(_ line: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard line.count > sumSuffixLength else { return nil }
        let bodyEnd = line.count - sumSuffixLength
        let suffix = line[bodyEnd...]
        guard suffix.starts(with: Array(#","sum":""#.utf8)), suffix.last == UInt8(ascii: "}") else { return nil }
        let written = String(decoding: suffix.dropFirst(8).prefix(8), as: UTF8.self)
        let sum = UInt32(crc32(0, line.baseAddress, uInt(bodyEnd)))
        guard written == hex(sum) else { return nil }
        var body = Array(line[..<bodyEnd])
        body.append(UInt8(ascii: "}"))
        return body
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
