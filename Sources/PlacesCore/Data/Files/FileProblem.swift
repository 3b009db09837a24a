import Foundation

/// Why a file could not be read or written, in words a person understands ("it is a folder, not a
/// file"), never an error code. Shown after the file's name: "Could not import trip.gpx: it is …".
public enum FileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing is at the path.
    case missing
    /// Something is at the path, but not a regular file: a folder, a named pipe, a device, a socket.
    case notAFile(kind: String)
    /// The file is larger than what Places reads of that kind.
    case tooLarge(bytes: Int64, limit: Int64)
    /// The system refused, with this `errno`.
    case system(errno: Int32)

    public var description: String {
        switch self {
        case .missing: tr("it does not exist")
        case .notAFile(let kind): tr("it is {kind}, not a file", ["kind": kind])
        case .tooLarge(let bytes, let limit):
            tr("it is {size}, more than the {limit} Places reads", ["size": Self.size(bytes), "limit": Self.size(limit)])
        case .system(let code): Self.reason(errno: code)
        }
    }

    /// `error`'s reason in words, without error codes: the system's reason behind Foundation's errors,
    /// our own errors' sentences as they are.
    static func reason(of error: any Error) -> String {
        switch error {
        case let problem as FileProblem: return problem.description
        case let error as CocoaError:
            if let posix = error.userInfo[NSUnderlyingErrorKey] as? POSIXError { return reason(errno: posix.code.rawValue) }
            return reason(errno: EIO)
        case let error as POSIXError: return reason(errno: error.code.rawValue)
        case let error as CustomStringConvertible: return error.description
        default: return reason(errno: EIO)
        }
    }

    /// The reason behind `errno` for a person, for reading and writing alike.
    static func reason(errno code: Int32) -> String {
        switch code {
        case ENOENT: tr("it does not exist")
        case EACCES, EPERM: tr("you do not have permission")
        case EISDIR: tr("it is a folder, not a file")
        case ELOOP: tr("its symbolic links point at each other in a loop")
        case ENOTDIR: tr("part of its path is a file, not a folder")
        case ENAMETOOLONG: tr("its name is too long")
        case ENOSPC: tr("the disk is full")
        case EDQUOT: tr("your disk quota is used up")
        case EROFS: tr("the disk is read-only")
        case EIO: tr("the disk could not be read or written (an input/output error)")
        case EMFILE, ENFILE: tr("too many files are open")
        case ENOMEM: tr("there is not enough memory")
        case EFBIG: tr("the file would be too large")
        case ETXTBSY, EBUSY: tr("it is in use")
        default: String(cString: strerror(code)).lowercased()
        }
    }

    /// What `mode` (from `stat`) is, for a sentence: tr("a folder"), tr("a named pipe")...
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: tr("a folder")
        case S_IFIFO: tr("a named pipe")
        case S_IFCHR, S_IFBLK: tr("a device")
        case S_IFSOCK: tr("a socket")
        default: tr("a special file")
        }
    }

    /// "12.4 GB", "512.0 MB", "800 bytes": decimal units with one decimal, as GLib's `g_format_size`
    /// writes sizes in GNOME's file manager.
    static func size(_ bytes: Int64) -> String {
        if bytes < 1000 { return trPlural("{count} byte", "{count} bytes", count: Int(bytes)) }
        let units = ["kB", "MB", "GB", "TB", "PB", "EB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return String(format: "%.1f %@", value, units[unit])
    }
}
