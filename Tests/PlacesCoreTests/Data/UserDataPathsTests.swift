import Foundation
import PlacesCore
import Testing

/// Where user data goes, by the XDG Base Directory rules.
@Suite("User data paths")
struct UserDataPathsTests {
    @Test("absolute XDG folders are used")
    func absoluteXDG() {
        let paths = UserDataPaths.current(environment: [
            "HOME": "/home/ada", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/srv/data",
        ])
        #expect(paths.config.path == "/cfg/places")
        #expect(paths.data.path == "/srv/data/places")
    }

    @Test("without XDG folders, HOME's .config and .local/share are used")
    func homeFallback() {
        let paths = UserDataPaths.current(environment: ["HOME": "/home/ada"])
        #expect(paths.config.path == "/home/ada/.config/places")
        #expect(paths.data.path == "/home/ada/.local/share/places")
    }

    @Test("relative or empty XDG folders are ignored, as the specification says", arguments: ["relative/cfg", "", "./cfg", "~/cfg"])
    func relativeXDGIgnored(value: String) {
        let paths = UserDataPaths.current(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": value, "XDG_DATA_HOME": value])
        #expect(paths.config.path == "/home/ada/.config/places")
        #expect(paths.data.path == "/home/ada/.local/share/places")
    }

    @Test("each variable is judged on its own")
    func mixed() {
        let paths = UserDataPaths.current(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "rel", "XDG_DATA_HOME": "/d"])
        #expect(paths == UserDataPaths(config: URL(fileURLWithPath: "/h/.config/places"), data: URL(fileURLWithPath: "/d/places")))
    }
}
