import Foundation

/// A path as the system has it: bytes, which need not be UTF-8 (a name written under another
/// encoding, or copied from an old disk). A Swift string holds text, and decoding such a name the
/// usual way puts U+FFFD in place of its odd bytes: the file can then not be opened. So each byte
/// that is not part of well-formed UTF-8 is kept as a private-use scalar, U+10FF00 plus the byte
/// (the last 256 code points of plane 16, which no file name uses); `bytes` gives the name back byte
/// for byte, and `shown` writes U+FFFD for them, as GLib's `g_filename_display_name` does.
public enum FileName {
    /// The first of the 256 scalars standing for bytes.
    private static let base: UInt32 = 0x10FF00

    /// The path in `bytes` (without its NUL), odd bytes kept.
    public static func string<Bytes: Collection>(bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let bytes = Array(bytes)
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                if let length = UTF8Validation.sequenceLength(in: buffer, at: index) {
                    scalars += String(decoding: UnsafeBufferPointer(rebasing: buffer[index..<index + length]), as: UTF8.self).unicodeScalars
                    index += length
                } else {
                    scalars.append(Unicode.Scalar(base + UInt32(buffer[index]))!)
                    index += 1
                }
            }
        }
        return String(scalars)
    }

    /// The path in the C string `pointer`, odd bytes kept.
    public static func string(_ pointer: UnsafePointer<CChar>) -> String {
        string(bytes: UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
    }

    /// The bytes of `path`, as the system names the file.
    public static func bytes(_ path: String) -> [UInt8] {
        guard path.unicodeScalars.contains(where: isByte) else { return Array(path.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if isByte(scalar) { bytes.append(UInt8(scalar.value - base)) } else { bytes += Array(String(scalar).utf8) }
        }
        return bytes
    }

    /// Calls `body` with `path` as the system's C string.
    public static func withCString<T, Failure: Error>(_ path: String, _ body: (UnsafePointer<CChar>) throws(Failure) -> T) throws(Failure) -> T {
        var bytes = bytes(path)
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { buffer throws(Failure) in
            try body(UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self))
        }
    }

    /// `name` for a person to read: each kept byte as U+FFFD.
    public static func shown(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: isByte) else { return name }
        return String(String.UnicodeScalarView(name.unicodeScalars.map { isByte($0) ? "\u{FFFD}" : $0 }))
    }

    /// Whether something is at `path` (a file, a folder...), asked with its real bytes.
    public static func exists(_ path: String) -> Bool { status(path) != nil }

    /// The size of the file at `path` in bytes, if it can be asked.
    public static func size(_ path: String) -> Int? { status(path).map { Int($0.st_size) } }

    /// What `stat` says of `path`, asked with its real bytes; nil when it cannot say.
    private static func status(_ path: String) -> stat? {
        var status = stat()
        let answer: Int32 = withCString(path) { stat($0, &status) }
        return answer == 0 ? status : nil
    }

    private static func isByte(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= base }
}
