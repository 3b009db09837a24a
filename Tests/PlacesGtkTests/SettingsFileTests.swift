import Foundation
import PlacesCore
@testable import PlacesGtk
import Testing

/// `settings.ini` through GLib's key file: read and written whole, off the main thread, keeping what
/// else the file holds; a file that cannot be read is never replaced. Needs no display.
@Suite("Settings file")
struct SettingsFileTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("places-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("no file reads as no settings; a choice is written, read back, and the rest of the file is kept")
    func roundTrip() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = KeyFileSettingsStore(folder: folder)
        #expect(try store.load().value == nil)

        try "# mine\n[window]\nwidth=800\n".write(to: store.url, atomically: true, encoding: .utf8)
        try store.save(Settings(style: .dark))

        #expect(try store.load().value == Settings(style: .dark))
        let text = try String(contentsOf: store.url, encoding: .utf8)
        #expect(text.contains("# mine") && text.contains("width=800") && text.contains("style=dark"), "\(text)")
    }

    @Test("the GNOME Maps offer, once made, and the last export's format are written and read back; a file without them reads as neither")
    func offerKept() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = KeyFileSettingsStore(folder: folder)
        try "[appearance]\nstyle=light\n".write(to: store.url, atomically: true, encoding: .utf8)
        #expect(try store.load().value == Settings(style: .light, offeredGNOMEMapsPlaces: false))

        try store.save(Settings(style: .light, offeredGNOMEMapsPlaces: true, exportFormat: .kmz))
        #expect(try store.load().value == Settings(style: .light, offeredGNOMEMapsPlaces: true, exportFormat: .kmz))
        let text = try String(contentsOf: store.url, encoding: .utf8)
        #expect(text.contains("[import]\noffered-gnome-maps-places=true") && text.contains("[export]\nformat=kmz"), "\(text)")
    }

    @Test("a folder in the file's place cannot be read: it is named with the reason, and never replaced")
    func unreadable() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = KeyFileSettingsStore(folder: folder)
        try FileManager.default.createDirectory(at: store.url, withIntermediateDirectories: true)

        #expect {
            try store.load()
        } throws: { error in
            "\(error)".contains(store.url.path) && "\(error)".contains("it is a folder, not a file")
        }
        #expect(throws: (any Error).self) { try store.save(Settings(style: .dark)) }
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: store.url.path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test("text that is not a key file reads as no choice, and is replaced by the next one")
    func notAKeyFile() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = KeyFileSettingsStore(folder: folder)
        try "this is not ini [\n".write(to: store.url, atomically: true, encoding: .utf8)
        #expect(try store.load().value == Settings(style: .system))
        try store.save(Settings(style: .light))
        #expect(try store.load().value == Settings(style: .light))
    }
}
