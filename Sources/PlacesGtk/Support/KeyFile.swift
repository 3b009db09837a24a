import CGtk

/// A GLib key file (`[group]` and `key=value` lines) of small settings, read at once and written back
/// whole on every change. GNOME apps keep such settings in GSettings, which needs a schema installed
/// system-wide; a key file works from the build tree too.
@MainActor
final class KeyFile {
    private let path: String
    private let file = g_key_file_new()!

    /// The settings in `path`; a file that is missing or unreadable reads as empty.
    init(path: String) {
        self.path = path
        g_key_file_load_from_file(file, path, G_KEY_FILE_KEEP_COMMENTS, nil)
    }

    isolated deinit { g_key_file_free(file) }

    func string(_ key: String, in group: String) -> String? {
        takeString(g_key_file_get_string(file, group, key, nil))
    }

    /// Sets `key` and writes the file (its folder is made if needed); returns whether it was written.
    @discardableResult
    func set(_ value: String, for key: String, in group: String) -> Bool {
        g_key_file_set_string(file, group, key, value)
        if let folder = takeString(g_path_get_dirname(path)) { g_mkdir_with_parents(folder, 0o700) }
        return g_key_file_save_to_file(file, path, nil) != 0
    }
}
