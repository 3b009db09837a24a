// swift-tools-version: 6.0
// A separate package that depends on Places by path and imports Multicast, the way the library's users
// do: its benchmark measures what they get. `multicast-bench` is built in Swift 6 language mode and
// `multicast-bench-swift5` (the same sources, a symbolic link) in Swift 5 mode. Run through `make bench`.
import PackageDescription

let package = Package(
    name: "ExternalClient",
    dependencies: [.package(name: "Places", path: "../..")],
    targets: [
        .target(name: "TestingSupport"),
        .executableTarget(
            name: "multicast-bench",
            dependencies: [.product(name: "Multicast", package: "Places"), "TestingSupport"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "multicast-bench-swift5",
            dependencies: [.product(name: "Multicast", package: "Places"), "TestingSupport"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
