import CGtk
import Foundation
import PlacesCore

/// The app's preferences in a GLib key file (`settings.ini`: `[appearance]` `style=dark`, `[import]`
/// `offered-gnome-maps-places=true`, `[export]` `format=gpx`, `[library]` `folder=/home/me/Sync/Places`), read and
/// written whole, keeping whatever else the file holds. GNOME apps keep such settings in GSettings,
/// which needs a schema installed system-wide; a key file works from the build tree too. Safe off the
/// main thread: every call uses a key file of its own.
final class KeyFileSettingsStore: SettingsStore {
    /// The largest settings file read: a few lines are expected.
    static let sizeLimit: Int64 = 64_000
    private static let group = "appearance"
    private static let styleKey = "style"
    private static let importGroup = "import"
    private static let gnomeMapsKey = "offered-gnome-maps-places"
    private static let exportGroup = "export"
    private static let formatKey = "format"
    private static let libraryGroup = "library"
    private static let folderKey = "folder"

    let url: URL

    init(folder: URL) {
        url = folder.appendingPathComponent("settings.ini")
    }

    func load() throws -> Loaded<Settings> {
        guard let file = try read() else { return Loaded(nil) }
        defer { g_key_file_free(file) }
        let style = takeString(g_key_file_get_string(file, Self.group, Self.styleKey, nil)).flatMap(StylePreference.init)
        // A missing key reads as false.
        let offered = g_key_file_get_boolean(file, Self.importGroup, Self.gnomeMapsKey, nil) != 0
        let format = takeString(g_key_file_get_string(file, Self.exportGroup, Self.formatKey, nil)).flatMap(ExportFormat.init(rawValue:))
        // Only an absolute path: a relative one would depend on where Places was started.
        let folder = takeString(g_key_file_get_string(file, Self.libraryGroup, Self.folderKey, nil)).flatMap { $0.hasPrefix("/") ? $0 : nil }
        return Loaded(Settings(style: style ?? .system, offeredGNOMEMapsPlaces: offered, exportFormat: format ?? .geoJSON, libraryFolder: folder))
    }

    func save(_ settings: Settings) throws {
        let file = try read() ?? g_key_file_new()!
        defer { g_key_file_free(file) }
        g_key_file_set_string(file, Self.group, Self.styleKey, settings.style.rawValue)
        if settings.offeredGNOMEMapsPlaces { g_key_file_set_boolean(file, Self.importGroup, Self.gnomeMapsKey, 1) }
        g_key_file_set_string(file, Self.exportGroup, Self.formatKey, settings.exportFormat.rawValue)
        if let folder = settings.libraryFolder {
            g_key_file_set_string(file, Self.libraryGroup, Self.folderKey, folder)
        } else {
            g_key_file_remove_key(file, Self.libraryGroup, Self.folderKey, nil)
        }
        var length: gsize = 0
        guard let text = g_key_file_to_data(file, &length, nil) else { return }
        defer { g_free(text) }
        try AtomicFile.write(Data(bytes: text, count: Int(length)), to: url)
    }

    /// The file parsed; nil when there is none. Text that is not a key file reads as no settings,
    /// and is replaced on the next change; a file that cannot be read at all throws.
    private func read() throws -> OpaquePointer? {
        let bytes: [UInt8]?
        do {
            bytes = try RegularFile.readIfPresent(url.path, limit: Self.sizeLimit)
        } catch {
            throw SettingsError(description: tr("Your style choice could not be read from {path} ({reason}); it is left untouched, and Places follows the system's style.",
                                                ["path": url.path, "reason": "\(error)"]))
        }
        guard let bytes else { return nil }
        let file = g_key_file_new()!
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                _ = g_key_file_load_from_data(file, $0.baseAddress, gsize($0.count), G_KEY_FILE_KEEP_COMMENTS, nil)
            }
        }
        return file
    }
}

/// Why the settings file cannot be used, in words.
struct SettingsError: Error, CustomStringConvertible {
    var description: String
}
