import Foundation
import Testing

/// The accessible objects of the app under test, as a screen reader reads them over AT-SPI
/// (`Support/atspi.py`, Debian's python3-pyatspi): what is on screen in words, without asking the app.
struct AccessibilityTree {
    struct Node {
        var path: String
        var role: String
        var name: String
        var description: String
        /// The text of a label or a text field.
        var text: String?
        var states: Set<String>
        /// Screen box: x, y, width, height.
        var extents: [Int]
        var actions: [String]
        /// A progress bar's or a slider's value and its maximum.
        var value: (current: Double, maximum: Double)?

        /// The centre of the object on screen.
        var centre: (x: Int, y: Int)? {
            extents.count == 4 ? (extents[0] + extents[2] / 2, extents[1] + extents[3] / 2) : nil
        }
    }

    let nodes: [Node]

    /// Every accessible object of the process `pid`, without the insides of objects whose role is in
    /// `pruned` (reading a list of a few hundred rows over D-Bus takes seconds).
    static func read(pid: Int32, pruning pruned: [String] = []) throws -> AccessibilityTree {
        try AccessibilityBus.start()
        let output = try AppUnderTest.run("/usr/bin/python3", [script.path, "dump", String(pid)] + pruned)
        let nodes = output.split(separator: "\n").compactMap { line -> Node? in
            guard let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return Node(
                path: json["path"] as? String ?? "", role: json["role"] as? String ?? "", name: json["name"] as? String ?? "",
                description: json["description"] as? String ?? "", text: json["text"] as? String,
                states: Set(json["states"] as? [String] ?? []), extents: json["extents"] as? [Int] ?? [],
                actions: json["actions"] as? [String] ?? [],
                value: (json["value"] as? [Double]).flatMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
            )
        }
        return AccessibilityTree(nodes: nodes)
    }

    /// Performs `node`'s action number `action` (activating a button, a marker...), as a screen reader does.
    static func perform(_ node: Node, action: Int = 0, pid: Int32) throws {
        try AppUnderTest.run("/usr/bin/python3", [script.path, "act", String(pid), node.path, String(action)])
    }

    func nodes(role: String) -> [Node] { nodes.filter { $0.role == role } }

    /// The first object with this role and name.
    func node(role: String, name: String) -> Node? { nodes.first { $0.role == role && $0.name == name } }

    /// The texts of the labels inside the object at `path` (its descendants), in tree order.
    func labels(under path: String) -> [String] {
        nodes.filter { $0.path.hasPrefix(path + ".") && $0.role == "label" }.compactMap(\.text)
    }

    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("atspi.py")
}

/// The accessibility bus of the test's D-Bus session, started once (a desktop session starts it at login).
enum AccessibilityBus {
    nonisolated(unsafe) private static var launcher: Process?

    static func start() throws {
        guard launcher == nil else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/libexec/at-spi-bus-launcher")
        process.arguments = ["--launch-immediately"]
        // Not the test's output: the bus outlives the test process, and swift-test waits for the end
        // of that output.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        launcher = process
        // Ready once it answers on the session bus with the accessibility bus's address.
        let deadline = Date().addingTimeInterval(10)
        while (try? AppUnderTest.run("dbus-send", ["--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress"])) == nil,
              Date() < deadline {
            usleep(20_000)
        }
    }
}
