import Foundation

/// Keeps the profile in `profile.json` under the config folder, in a versioned JSON document
/// (`{"version": 1, "profile": {...}}`). A damaged file is moved aside and reported; the app then
/// starts with an empty profile instead of failing.
public final class FileProfileStore: ProfileStore {
    /// The format version this build writes.
    public static let version = 1

    /// The file.
    public let url: URL
    private let report: (String) -> Void

    private struct Document: Codable {
        var version: Int
        var profile: Profile
    }

    /// A store at `folder/profile.json`; `report` hears about damaged files.
    public init(folder: URL, report: @escaping (String) -> Void = { _ in }) {
        url = folder.appendingPathComponent("profile.json")
        self.report = report
    }

    /// The saved profile; nil when there is none or it was damaged (then moved aside and reported).
    /// Temporary files left by a save that was killed are removed first.
    public func loadProfile() throws -> Profile? {
        AtomicFile.removeStaleTemporaryFiles(of: url)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        do {
            let document = try JSONDecoder().decode(Document.self, from: data)
            guard document.version <= Self.version else {
                report("\(url.path) was written by a newer Places (format \(document.version)); it is left untouched.")
                return nil
            }
            return Self.migrate(document.profile, from: document.version)
        } catch {
            let aside = AtomicFile.moveAside(url)
            report("Your profile file was damaged and has been kept as \(aside?.lastPathComponent ?? url.lastPathComponent); starting with an empty profile.")
            return nil
        }
    }

    /// Saves `profile` atomically.
    public func save(_ profile: Profile) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(Document(version: Self.version, profile: profile)), to: url)
    }

    /// Upgrades a profile read from an older format (version 1 is the first; nothing to do yet).
    static func migrate(_ profile: Profile, from version: Int) -> Profile { profile }
}
