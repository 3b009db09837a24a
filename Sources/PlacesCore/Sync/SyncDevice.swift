import Foundation

/// This machine as the library's logs know it: an id no other machine has (random, made once and kept
/// in the config folder, which a sync engine does not carry), and the name people read ("Also
/// changed on laptop"), the machine's host name unless they chose another.
public struct SyncDevice: Sendable, Equatable, Codable {
    public typealias ID = String

    public var id: ID
    public var name: String

    public init(id: ID, name: String) {
        self.id = id
        self.name = name
    }

    /// A new id: 12 random lowercase letters and digits (62 bits), short enough for a file name.
    public static func newID() -> ID {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<12).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }

    /// Whether `id` can name a log file: letters, digits and `-`, 1 to 64 of them.
    public static func isValid(_ id: ID) -> Bool {
        (1...64).contains(id.utf8.count) && id.utf8.allSatisfy { $0 == UInt8(ascii: "-") || ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 122) }
    }

    /// This machine's device, kept in `device.json` under `folder`; made (with the host name) on first
    /// use. Where the file cannot be read or written, an id is made for this run.
    public static func local(folder: URL) -> SyncDevice {
        let url = folder.appendingPathComponent("device.json")
        if let bytes = try? RegularFile.readIfPresent(url.path, limit: 4096),
           let device = try? JSONDecoder().decode(SyncDevice.self, from: Data(bytes)), isValid(device.id), !device.name.isEmpty {
            return device
        }
        let device = SyncDevice(id: newID(), name: hostName())
        if let data = try? JSONEncoder().encode(device) {
            try? AtomicFile.createFolder(folder)
            try? AtomicFile.write(data, to: url)
        }
        return device
    }

    /// The machine's host name (`gethostname`), or "this computer" without one.
    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return tr("this computer") }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? tr("this computer") : name
    }
}
