import Foundation

/// Keeps the profile in `profile.json` under the config folder, in a versioned JSON document
/// (`{"version": 1, "profile": {...}}`), written atomically.
///
/// On load, temporary files left by a killed save are removed. A damaged file is moved aside
/// (`profile.json.damaged-TIMESTAMP`) with a notice; the app then starts with an empty profile instead
/// of failing. A file that must be kept is left untouched and never replaced by `save` (which throws
/// `ProfileStoreError`): one from a newer version (`load` gives no profile and a notice), one that
/// cannot be read, or a damaged one that cannot be moved aside (`load` throws).
public final class FileProfileStore: ProfileStore {
    public static let version = 1
    /// The largest profile file read (a real one is a few hundred bytes).
    public static let sizeLimit: Int64 = 1_000_000

    public let url: URL
    private let file: VersionedDocumentFile

    private struct Document: Encodable {
        var version: Int
        var profile: Profile
    }

    private struct LenientDocument: Decodable {
        var profile: LenientProfile
    }

    public convenience init(folder: URL) {
        self.init(folder: folder, moveAside: { AtomicFile.moveAside($0) })
    }

    /// A store whose damaged files are moved aside by `moveAside` (tests make it fail).
    init(folder: URL, moveAside: @escaping @Sendable (URL) -> URL?) {
        url = folder.appendingPathComponent("profile.json")
        file = VersionedDocumentFile(url: url, version: Self.version, limit: Self.sizeLimit, moveAside: moveAside)
    }

    /// The saved profile; none when there is none, when it was damaged (then moved aside, with a
    /// notice), or when it is from a newer version (with a notice). Throws `ProfileStoreError` when the
    /// file cannot be read or is damaged and cannot be moved aside.
    public func loadProfile() throws -> Loaded<Profile> {
        do throws(VersionedDocumentFile.Problem) {
            return try read(try file.load())
        } catch {
            let failure = error.profileError(path: url.path)
            // A newer profile is readable, just not by this build: start empty, and say why.
            if case .newerVersion = error { return Loaded(nil, notice: failure.description) }
            throw failure
        }
    }

    /// Saves `profile` atomically, keeping what another instance saved since `base` in the fields this
    /// one did not change (nil `base`: replace the file). Returns the profile the file now holds.
    public func save(_ profile: Profile, base: Profile?) throws -> Profile {
        do {
            return try file.update {
                let theirs = try read(try file.read()).value
                let merged = base.flatMap { base in theirs.map { Profile.merged(base: base, mine: profile, theirs: $0) } } ?? profile
                try file.write(try Self.encode(merged))
                return merged
            }
        } catch let problem as VersionedDocumentFile.Problem {
            throw problem.profileError(path: url.path)
        }
    }

    static func encode(_ profile: Profile) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(Document(version: version, profile: profile))
    }

    /// Upgrades a profile read from an older format (version 1 is the first; nothing to do yet).
    static func migrate(_ profile: Profile, from version: Int) -> Profile { profile }

    /// The profile in `contents`; a damaged file is moved aside.
    private func read(_ contents: VersionedDocumentFile.Contents) throws(VersionedDocumentFile.Problem) -> Loaded<Profile> {
        switch contents {
        case .missing: return Loaded(nil)
        case .damaged: return try damaged()
        case .document(let data, let version):
            guard let document = try? JSONDecoder().decode(LenientDocument.self, from: data) else { return try damaged() }
            return Loaded(Self.migrate(document.profile.profile, from: version), notice: document.profile.notice)
        }
    }

    /// Moves the damaged file aside and says so; throws when it cannot be moved (then it stays).
    private func damaged() throws(VersionedDocumentFile.Problem) -> Loaded<Profile> {
        let kept = try file.moveDamagedAside()
        return Loaded(nil, notice: tr("Your profile file was damaged and has been kept as {file}; starting with an empty profile.", ["file": kept]))
    }
}

extension VersionedDocumentFile.Problem {
    /// The problem as the profile store reports it.
    func profileError(path: String) -> ProfileStoreError {
        switch self {
        case .unreadable(let reason): .unreadable(path: path, reason: reason)
        case .newerVersion(let version): .newerVersion(path: path, version: version)
        }
    }
}
