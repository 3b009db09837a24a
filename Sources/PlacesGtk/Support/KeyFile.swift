import CGtk
import PlacesCore

/// A GLib key file (`[group]` and `key=value` lines) of small settings, read at once and written back
/// whole on every change. GNOME apps keep such settings in GSettings, which needs a schema installed
/// system-wide; a key file works from the build tree too.
@MainActor
final class KeyFile {
    /// The largest settings file read: a few lines are expected.
    static let sizeLimit: Int64 = 64_000

    let path: String
    /// Why the file could not be read (a named pipe, a folder, too large...); it is then never written,
    /// so nothing the person had there is lost.
    private(set) var problem: FileProblem?
    private let file = g_key_file_new()!

    /// The settings in `path`, read without blocking and only from a regular file; a file that is
    /// missing reads as empty.
    init(path: String) {
        self.path = path
        do {
            if let bytes = try RegularFile.readIfPresent(path, limit: Self.sizeLimit) {
                // Text that is not a key file reads as no settings, and is replaced on the next change.
                bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        _ = g_key_file_load_from_data(file, $0.baseAddress, gsize($0.count), G_KEY_FILE_KEEP_COMMENTS, nil)
                    }
                }
            }
        } catch {
            problem = error
        }
    }

    isolated deinit { g_key_file_free(file) }

    func string(_ key: String, in group: String) -> String? {
        takeString(g_key_file_get_string(file, group, key, nil))
    }

    /// Sets `key` and writes the file atomically (its folder is made if needed), unless it could not be
    /// read; returns whether it was written.
    @discardableResult
    func set(_ value: String, for key: String, in group: String) -> Bool {
        g_key_file_set_string(file, group, key, value)
        guard problem == nil else { return false }
        if let folder = takeString(g_path_get_dirname(path)) { g_mkdir_with_parents(folder, 0o700) }
        return g_key_file_save_to_file(file, path, nil) != 0
    }
}
