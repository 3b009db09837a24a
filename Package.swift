// swift-tools-version: 6.0
// Places: a GTK 4 places explorer, and the multicast-delegate MVVM-C library it is built on.
// Dependency arrows point down only: places -> PlacesGtk -> PlacesCore -> Multicast; only PlacesGtk and places see CGtk.
import PackageDescription

let package = Package(
    name: "Places",
    products: [
        .library(name: "Multicast", targets: ["Multicast"]),
        .executable(name: "places", targets: ["places"]),
    ],
    dependencies: [
        // The command line of `places` (its --help and man page too).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // KMZ: the zip archive around a KML document.
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        // Only for `make docs` (swift package generate-documentation); nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CGtk",
            path: "CGtk",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]
        ),
        .target(name: "Multicast"),
        // What PlacesCore needs of glibc beyond Swift's Glibc module (gettext, malloc_trim, the thread id): headers only.
        .systemLibrary(name: "CGlibc", path: "Sources/CGlibc"),
        // libxml2's SAX2 push parser, for GPX and KML (see XMLEventReader for why not Foundation's XMLParser).
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // SQLite, for MBTiles map files: a system library rather than GRDB (see the README's "Libraries").
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // zlib, for the gzip-compressed directories of PMTiles map files.
        .systemLibrary(name: "CSystemZlib", path: "Sources/CSystemZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "PlacesCore", dependencies: [
            "Multicast", "CGlibc", "CLibXML2", "CSQLite", "CSystemZlib", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        // libsoup 3, for online map tiles: loaded when they are first turned on, never linked (see its shim.h).
        .systemLibrary(name: "CSoup", path: "Sources/CSoup"),
        .target(name: "PlacesGtk", dependencies: ["PlacesCore", "CGtk", "CSoup"]),
        .executableTarget(
            name: "places",
            dependencies: ["PlacesGtk", "CGtk", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "main-loop-probe",
            dependencies: ["PlacesGtk", "CGtk"],
            path: "Tests/Probes/MainLoopProbe"
        ),

        .executableTarget(
            name: "save-probe",
            dependencies: ["PlacesCore"],
            path: "Tests/Probes/SaveProbe"
        ),
        .executableTarget(
            name: "signal-probe",
            dependencies: ["PlacesGtk", "CGtk"],
            path: "Tests/Probes/SignalProbe"
        ),
        .executableTarget(
            name: "bare-window",
            dependencies: ["CGtk"],
            path: "Tests/Probes/BareWindow"
        ),
        .executableTarget(
            name: "gui-bench",
            dependencies: ["PlacesCore", "TestingSupport"],
            path: "Benchmarks/GUIBench"
        ),
        .executableTarget(
            name: "places-bench",
            dependencies: ["PlacesCore", "TestingSupport", "PlacesTestingSupport", "CSQLite", "CGlibc"],
            path: "Benchmarks/PlacesBench"
        ),
        .executableTarget(
            name: "geo-bench",
            dependencies: ["PlacesCore", "TestingSupport"],
            path: "Benchmarks/GeoBench"
        ),
        // Places' vector tile renderer against libshumate's (its C side, shumate-bench.c, is built by make bench).
        .executableTarget(
            name: "vector-bench",
            dependencies: ["PlacesCore", "PlacesGtk", "CGtk"],
            path: "Benchmarks/VectorBench",
            exclude: ["shumate-bench.c", "serve_tiles.py"]
        ),

        .target(name: "TestingSupport", path: "Tests/TestingSupport"),
        // Stores in memory and other stand-ins for PlacesCore's parts, shared by tests and benchmarks.
        .target(name: "PlacesTestingSupport", dependencies: ["PlacesCore"], path: "Tests/PlacesTestingSupport"),
        .testTarget(name: "MulticastTests", dependencies: ["Multicast", "TestingSupport"]),
        .testTarget(name: "PlacesCoreTests", dependencies: ["PlacesCore", "TestingSupport", "PlacesTestingSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                    exclude: ["Fixtures"]),
        .testTarget(name: "PlacesCommandTests", dependencies: ["places", "PlacesGtk", "PlacesCore"]),
        .testTarget(name: "PlacesGtkTests", dependencies: ["PlacesGtk", "PlacesCore", "CGtk", "PlacesTestingSupport"], exclude: ["Fixtures", "Support/atspi.py", "Support/keymap.py"]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets, one per parser (`make fuzz`): only with PLACES_FUZZ set, as they need -sanitize=fuzzer
// (libFuzzer's driver), so an ordinary build never sees them.
if Context.environment["PLACES_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzDriver", path: "Fuzz/Driver"))
    for name in ["GeoJSON", "Library", "Profile", "WorldMap", "CityList", "VectorTile"] {
        package.targets.append(.executableTarget(
            name: "fuzz-\(name.lowercased())", dependencies: ["PlacesCore", "FuzzDriver"], path: "Fuzz/\(name)"
        ))
    }
}
