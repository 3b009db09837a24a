import Foundation

/// A map file's path as the computers sharing a library folder write it: `./…` when the file is in
/// the folder, `~/…` when it is in the home folder (the nearer of the two when one holds the other),
/// else its full path; symbolic links resolved. A file kept at the same place on each computer
/// (beside the library, or at `~/Maps/alps.mbtiles`) is then one layer everywhere, whatever each
/// computer's user name or the folder's mount point.
struct MapFilePath: Sendable {
    /// The library folder and the home folder, resolved, without a trailing slash.
    let folder: String
    let home: String

    init(folder: URL, home: String) {
        self.folder = Self.resolved(folder.path)
        self.home = Self.resolved(home)
    }

    /// How the computers sharing the folder write `path` (an absolute path on this computer).
    func shared(_ path: String) -> String {
        let path = Self.resolved(path)
        // The nearer root first; the home folder when they are one (another computer's library folder may not be).
        let roots = folder.count > home.count ? [(folder, "./"), (home, "~/")] : [(home, "~/"), (folder, "./")]
        for (root, prefix) in roots {
            if let inside = Self.relative(path, to: root) { return prefix + inside }
        }
        return path
    }

    /// Where the file that the computers write `shared` is on this computer.
    func local(_ shared: String) -> String {
        if shared.hasPrefix("./") { return folder + "/" + shared.dropFirst(2) }
        if shared.hasPrefix("~/") { return home + "/" + shared.dropFirst(2) }
        return shared
    }

    /// The part of `path` under `root`, if it is under it (not `root` itself).
    private static func relative(_ path: String, to root: String) -> String? {
        guard root.count > 1, path.hasPrefix(root + "/") else { return nil }
        let rest = path.dropFirst(root.count + 1)
        return rest.isEmpty ? nil : String(rest)
    }

    /// `path` with symbolic links, `.` and `..` resolved and no trailing slash.
    private static func resolved(_ path: String) -> String {
        let standard = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        return standard.count > 1 && standard.hasSuffix("/") ? String(standard.dropLast()) : standard
    }
}
