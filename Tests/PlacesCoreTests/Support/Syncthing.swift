import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One Syncthing instance (Debian's `syncthing`) run by a test, on 127.0.0.1 only: local and global
/// discovery, relays, NAT traversal, usage and crash reporting and upgrades off in its configuration,
/// its peers given by address, one shared folder scanned when the test asks (`scan`), through the
/// local REST API. `stop()` ends it; so does the test's end (`deinit`).
final class Syncthing: @unchecked Sendable {
    static let folderID = "places"

    let name: String
    let home: URL
    let folder: URL
    let deviceID: String
    let port: Int
    let guiPort: Int
    private let apiKey: String
    private var process: Process?

    /// The `syncthing` program, if installed.
    static var executable: URL? {
        ["/usr/bin/syncthing", "/usr/local/bin/syncthing"].map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Generates keys and a configuration under `root/name`, its shared folder `root/name-folder`.
    init(_ name: String, in root: URL) throws {
        self.name = name
        home = root.appendingPathComponent("\(name)-syncthing")
        folder = root.appendingPathComponent("\(name)-folder")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".stfolder"), withIntermediateDirectories: true)
        let output = try Self.run(["generate", "--home=\(home.path)", "--no-default-folder", "--skip-port-probing"])
        guard let line = output.split(separator: "\n").first(where: { $0.contains("Device ID:") }),
              let id = line.split(separator: " ").last else { throw Failure("syncthing generate printed no device id: \(output)") }
        deviceID = String(id)
        port = try Self.freePort()
        guiPort = try Self.freePort()
        let config = try String(contentsOf: home.appendingPathComponent("config.xml"), encoding: .utf8)
        guard let key = config.range(of: "<apikey>").flatMap({ start in config.range(of: "</apikey>").map { String(config[start.upperBound..<$0.lowerBound]) } })
        else { throw Failure("no API key in the generated configuration") }
        apiKey = key
    }

    deinit { stop() }

    /// Writes the configuration: this device and `peers` by address, the shared folder, and
    /// everything that would reach beyond 127.0.0.1 off.
    func configure(peers: [Syncthing]) throws {
        let url = home.appendingPathComponent("config.xml")
        var config = try String(contentsOf: url, encoding: .utf8)
        let replacements = [
            "<listenAddress>default</listenAddress>": "<listenAddress>tcp://127.0.0.1:\(port)</listenAddress>",
            "<globalAnnounceEnabled>true</globalAnnounceEnabled>": "<globalAnnounceEnabled>false</globalAnnounceEnabled>",
            "<localAnnounceEnabled>true</localAnnounceEnabled>": "<localAnnounceEnabled>false</localAnnounceEnabled>",
            "<relaysEnabled>true</relaysEnabled>": "<relaysEnabled>false</relaysEnabled>",
            "<natEnabled>true</natEnabled>": "<natEnabled>false</natEnabled>",
            "<urAccepted>0</urAccepted>": "<urAccepted>-1</urAccepted>",
            "<autoUpgradeIntervalH>12</autoUpgradeIntervalH>": "<autoUpgradeIntervalH>0</autoUpgradeIntervalH>",
            "<crashReportingEnabled>true</crashReportingEnabled>": "<crashReportingEnabled>false</crashReportingEnabled>",
            "<startBrowser>true</startBrowser>": "<startBrowser>false</startBrowser>",
            "<reconnectionIntervalS>60</reconnectionIntervalS>": "<reconnectionIntervalS>1</reconnectionIntervalS>",
            "<address>127.0.0.1:8384</address>": "<address>127.0.0.1:\(guiPort)</address>",
            "<minHomeDiskFree unit=\"%\">1</minHomeDiskFree>": "<minHomeDiskFree unit=\"%\">0</minHomeDiskFree>",
        ]
        for (old, new) in replacements {
            guard config.contains(old) else { throw Failure("the generated configuration has no \(old)") }
            config = config.replacingOccurrences(of: old, with: new)
        }
        let devices = ([self] + peers).map { "<device id=\"\($0.deviceID)\" introducedBy=\"\"></device>" }.joined()
        let folderXML = """
            <folder id="\(Self.folderID)" label="Places" path="\(folder.path)" type="sendreceive" rescanIntervalS="3600" fsWatcherEnabled="false" fsWatcherDelayS="1" ignorePerms="false" autoNormalize="true">
                <filesystemType>basic</filesystemType>\(devices)<minDiskFree unit="%">0</minDiskFree><markerName>.stfolder</markerName><maxConflicts>10</maxConflicts>
            </folder>
            """
        let peersXML = peers.map { peer in
            """
            <device id="\(peer.deviceID)" name="\(peer.name)" compression="metadata" introducer="false" skipIntroductionRemovals="false" introducedBy="">
                <address>tcp://127.0.0.1:\(peer.port)</address><paused>false</paused><autoAcceptFolders>false</autoAcceptFolders>
            </device>
            """
        }.joined()
        guard let gui = config.range(of: "<gui ") else { throw Failure("no gui element in the configuration") }
        config.insert(contentsOf: folderXML + peersXML, at: gui.lowerBound)
        try config.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Starts it and waits until its REST API answers.
    func start() async throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["serve", "--home=\(home.path)", "--no-browser", "--no-restart", "--no-upgrade", "--gui-address=http://127.0.0.1:\(guiPort)",
                             "--logfile=\(home.appendingPathComponent("syncthing.log").path)"]
        process.environment = ["HOME": home.path, "STNOUPGRADE": "1", "STNORESTART": "1", "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        guard await Self.poll(timeout: 60, { (try? await self.get("/rest/system/ping")) != nil }) else { throw Failure("\(name)'s Syncthing did not start") }
    }

    /// Stops it (SIGTERM, then SIGKILL), and waits for it to end.
    func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        while process.isRunning { usleep(20_000) }
        self.process = nil
    }

    /// Whether it is connected to `peer` now.
    func isConnected(to peer: Syncthing) async -> Bool {
        guard let data = try? await get("/rest/system/connections"),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let connections = json["connections"] as? [String: Any],
              let peerState = connections[peer.deviceID] as? [String: Any] else { return false }
        return peerState["connected"] as? Bool == true
    }

    /// Asks it to scan the shared folder now (it does not watch it: the test says when).
    func scan() async throws {
        _ = try await request("/rest/db/scan?folder=\(Self.folderID)", method: "POST")
    }

    private func get(_ path: String) async throws -> Data { try await request(path, method: "GET") }

    private func request(_ path: String, method: String) async throws -> Data {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(guiPort)\(path)")!)
        request.httpMethod = method
        request.setValue(apiKey, forHTTPHeaderField: "X-API-Key")
        request.timeoutInterval = 10
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw Failure("\(method) \(path): \(response)") }
        return data
    }

    /// Polls `condition` every 50 ms until it holds or `timeout` seconds pass; says whether it held.
    static func poll(timeout: Double, _ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return await condition()
    }

    private static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// A TCP port nobody listens on now on 127.0.0.1.
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure("no socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw Failure("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
