// swift-tools-version: 6.0
// A package that depends only on the Multicast product of Places, as another project would. `make test`
// builds and tests it with GTK's pkg-config files out of reach, proving Multicast needs nothing of GTK.
import PackageDescription

let package = Package(
    name: "StandaloneConsumer",
    dependencies: [.package(name: "Places", path: "../..")],
    targets: [
        .target(name: "Guestbook", dependencies: [.product(name: "Multicast", package: "Places")]),
        .testTarget(name: "GuestbookTests", dependencies: ["Guestbook"]),
    ]
)
