import Foundation

/// A folder path that cannot be written, for root too.
enum UnwritableFolder {
    /// Makes one inside `folder`; restore write permission with `chmod(path, 0o755)` before removing.
    static func make(in folder: TemporaryDirectory) throws -> URL {
        if getuid() == 0 {
            // Permissions do not bind root: a path under a regular file fails for everyone.
            return try folder.write("a file, not a folder", to: "file").appendingPathComponent("sub")
        }
        let target = folder.file("locked")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        chmod(target.path, 0o500)
        return target
    }
}
