/// Why a backup could not be made or restored, naming the file, in words a person can act on.
public enum BackupError: Error, CustomStringConvertible, Sendable, Equatable {
    case notWritten(file: String, reason: String)
    /// The file is not a backup Places can read; nothing was changed.
    case notABackup(file: String, reason: String)
    /// The backup is readable, but restoring it failed; nothing was changed.
    case notRestored(file: String, reason: String)

    public var description: String {
        switch self {
        case .notWritten(let file, let reason): tr("Could not back up to {file}: {reason}.", ["file": file, "reason": reason])
        case .notABackup(let file, let reason): tr("“{file}” cannot be restored: {reason}.", ["file": file, "reason": reason])
        case .notRestored(let file, let reason): tr("“{file}” was not restored: {reason}.", ["file": file, "reason": reason])
        }
    }
}
