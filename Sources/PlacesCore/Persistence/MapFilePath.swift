import Foundation

/// A map file's path as the computers sharing a library folder write it: relative to the folder when
/// the file is inside it, `~/…` when it is in the home folder, else as it is. A file kept at the same
/// place on each computer (`~/Maps/alps.mbtiles`, or beside the library) is then one layer everywhere,
/// whatever each computer's user name or the folder's mount point.
struct MapFilePath: Sendable {
    /// The library folder and the home folder, as absolute paths without a trailing slash.
    let folder: String
    let home: String

    init(folder: URL, home: String) {
        self.folder = Self.clean(folder.path)
        self.home = Self.clean(home)
    }

    /// How the computers sharing the folder write `path` (an absolute path on this computer).
    func shared(_ path: String) -> String {
        let path = Self.clean(path)
        if let inside = Self.relative(path, to: folder) { return inside }
        if let inside = Self.relative(path, to: home) { return "~/" + inside }
        return path
    }

    /// Where the file that the computers write `shared` is on this computer.
    func local(_ shared: String) -> String {
        if shared.hasPrefix("/") { return shared }
        if shared.hasPrefix("~/") { return home + "/" + shared.dropFirst(2) }
        return folder + "/" + shared
    }

    /// The part of `path` under `root`, if it is under it (not `root` itself).
    private static func relative(_ path: String, to root: String) -> String? {
        guard root.count > 1, path.hasPrefix(root + "/") else { return nil }
        let rest = path.dropFirst(root.count + 1)
        return rest.isEmpty ? nil : String(rest)
    }

    /// `path` with `.` and `..` resolved and no trailing slash.
    private static func clean(_ path: String) -> String {
        let standard = URL(fileURLWithPath: path).standardizedFileURL.path
        return standard.count > 1 && standard.hasSuffix("/") ? String(standard.dropLast()) : standard
    }
}
