/// Why a library file cannot be used; the text is shown to the person as is.
public enum LibraryStoreError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file exists but could not be read (permissions, a folder in its place...), or it is damaged
    /// and could not be moved aside: left untouched, and never overwritten by this session.
    case unreadable(path: String, reason: String)
    /// The file was written by a newer Places: left untouched, and never overwritten by this one.
    case newerVersion(path: String, version: String)

    /// A sentence saying what happened and what the app does about it.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            tr("Your own places, favourites, collections and imported files could not be read from {path} ({reason}); the file is left as it is.", ["path": path, "reason": reason])
        case .newerVersion(let path, let version):
            tr("{path} was written by a newer Places (format {version}); it is left untouched.", ["path": path, "version": "\(version)"])
        }
    }
}
