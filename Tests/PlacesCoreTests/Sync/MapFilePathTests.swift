import Foundation
import Testing
import TestingSupport
@testable import PlacesCore

/// Map files in a shared library folder are one layer on every computer that keeps them at the same
/// place: beside the library, or at the same place in the home folder.
@Suite struct MapFilePathTests {
    let laptop = MapFilePath(folder: URL(fileURLWithPath: "/home/ann/Sync/Places/"), home: "/home/ann")
    let desktop = MapFilePath(folder: URL(fileURLWithPath: "/mnt/data/Places"), home: "/home/ann.berg")

    @Test("a file in the folder is written relative to it, one in the home folder as ~/…, any other as it is")
    func shared() {
        #expect(laptop.shared("/home/ann/Sync/Places/maps/alps.mbtiles") == "./maps/alps.mbtiles")
        #expect(laptop.shared("/home/ann/Maps/../Maps/alps.mbtiles") == "~/Maps/alps.mbtiles")
        #expect(laptop.shared("/media/usb/alps.pmtiles") == "/media/usb/alps.pmtiles")
        // A folder whose name only begins like the home folder's is not in it.
        #expect(laptop.shared("/home/annex/alps.mbtiles") == "/home/annex/alps.mbtiles")
    }

    @Test("symbolic links are resolved; a folder named ~ in the library folder, or the library folder being the home folder, is no riddle")
    func edges() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let real = root.file("real")
        try FileManager.default.createDirectory(at: real.appendingPathComponent("~"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.file("link"), withDestinationURL: real)
        let viaLink = MapFilePath(folder: root.file("link"), home: "/home/ann")
        #expect(viaLink.shared(real.appendingPathComponent("alps.mbtiles").path) == "./alps.mbtiles")
        #expect(viaLink.shared(real.appendingPathComponent("~/alps.mbtiles").path) == "./~/alps.mbtiles")
        #expect(viaLink.local("./~/alps.mbtiles") == real.resolvingSymlinksInPath().path + "/~/alps.mbtiles")
        let homeAsFolder = MapFilePath(folder: URL(fileURLWithPath: "/home/ann"), home: "/home/ann")
        #expect(homeAsFolder.shared("/home/ann/Maps/alps.mbtiles") == "~/Maps/alps.mbtiles")
    }

    @Test("each computer finds the file where it keeps the folder and its home")
    func local() {
        for path in ["/home/ann/Sync/Places/maps/alps.mbtiles", "/home/ann/Maps/alps.mbtiles", "/media/usb/alps.pmtiles"] {
            #expect(laptop.local(laptop.shared(path)) == path)
        }
        #expect(desktop.local(laptop.shared("/home/ann/Sync/Places/maps/alps.mbtiles")) == "/mnt/data/Places/maps/alps.mbtiles")
        #expect(desktop.local(laptop.shared("/home/ann/Maps/alps.mbtiles")) == "/home/ann.berg/Maps/alps.mbtiles")
        #expect(desktop.local("/media/usb/alps.pmtiles") == "/media/usb/alps.pmtiles")
    }

    @Test("two computers share the layer list through their logs, each with its own paths; joining removes nothing")
    func sharedThroughTheStore() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let folders = [root.file("laptop"), root.file("desktop")]
        for folder in folders { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let clock = SyncFolderLibraryStoreTests.Clock()
        let laptop = SyncFolderLibraryStore(folder: folders[0], device: SyncDevice(id: "id-laptop", name: "laptop"), home: "/home/ann", now: clock.read)
        let desktop = SyncFolderLibraryStore(folder: folders[1], device: SyncDevice(id: "id-desktop", name: "desktop"), home: "/home/bob", now: clock.read)
        func carry(_ from: SyncFolderLibraryStore, to folder: URL) throws {
            let name = SyncLog.fileName(of: from.device.id)
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            try FileManager.default.copyItem(at: from.folder.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }

        let alps = MapSettings.File(path: "/home/ann/Maps/alps.mbtiles", isVisible: true)
        let beside = MapSettings.File(path: folders[0].appendingPathComponent("city.pmtiles").path, isVisible: false)
        var onLaptop = try laptop.saveMapFiles([alps, beside], base: []).value
        #expect(onLaptop == [alps, beside])
        try carry(laptop, to: folders[1])

        // The desktop joins its own list: what the folder holds stays, its file is added after.
        let usb = MapSettings.File(path: "/media/usb/lakes.mbtiles", isVisible: true)
        _ = try desktop.load()
        var onDesktop = try desktop.saveMapFiles([usb], base: nil).value
        #expect(onDesktop == [MapSettings.File(path: "/home/bob/Maps/alps.mbtiles", isVisible: true),
                              MapSettings.File(path: folders[1].appendingPathComponent("city.pmtiles").path, isVisible: false), usb])

        // Hidden on the desktop and removed on the laptop at once: both computers end with the same list.
        let before = onDesktop
        onDesktop[0].isVisible = false
        onDesktop = try desktop.saveMapFiles(onDesktop, base: before).value
        onLaptop = try laptop.saveMapFiles([alps], base: onLaptop).value
        try carry(laptop, to: folders[1])
        try carry(desktop, to: folders[0])
        onLaptop = try laptop.saveMapFiles(onLaptop, base: onLaptop).value
        onDesktop = try desktop.saveMapFiles(onDesktop, base: onDesktop).value
        #expect(onLaptop == [MapSettings.File(path: "/home/ann/Maps/alps.mbtiles", isVisible: false), usb])
        #expect(onDesktop == [MapSettings.File(path: "/home/bob/Maps/alps.mbtiles", isVisible: false), usb])

    }

    @Test("an id read from another computer is written back as it was, even where this computer would share the path otherwise")
    func idsRoundTrip() throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        let folder = root.file("shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let clock = SyncFolderLibraryStoreTests.Clock()
        // Another computer whose home is /srv wrote a file under /home/ann by its full path.
        let other = SyncFolderLibraryStore(folder: folder, device: SyncDevice(id: "id-server", name: "server"), home: "/srv", now: clock.read)
        _ = try other.saveMapFiles([MapSettings.File(path: "/home/ann/Maps/alps.mbtiles", isVisible: true)], base: [])
        let laptop = SyncFolderLibraryStore(folder: folder, device: SyncDevice(id: "id-laptop", name: "laptop"), home: "/home/ann", now: clock.read)
        _ = try laptop.load()
        let read = try laptop.saveMapFiles([], base: nil).value
        #expect(read == [MapSettings.File(path: "/home/ann/Maps/alps.mbtiles", isVisible: true)])
        let hidden = try laptop.saveMapFiles([MapSettings.File(path: "/home/ann/Maps/alps.mbtiles", isVisible: false)], base: read).value
        #expect(hidden == [MapSettings.File(path: "/home/ann/Maps/alps.mbtiles", isVisible: false)], "two layers for one file: \(hidden)")
    }
}
