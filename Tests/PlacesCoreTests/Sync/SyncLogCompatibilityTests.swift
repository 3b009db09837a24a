import Foundation
import Testing
@testable import PlacesCore

/// Computers do not all run the same Places: what one version writes, another reads as far as it can.
/// Operations on entities the first format did not have (map files) go in a commit's `more`, which a
/// reader skips as a member it does not know; a reader skips there what it does not know itself.
@Suite struct SyncLogCompatibilityTests {
    let device = SyncDevice(id: "id-laptop", name: "laptop")
    let place = SyncOperation(.place, "mine/1", .set([.name: .text("Picnic"), .position: .position(latitude: 45.8, longitude: 4.9)]))
    let layer = SyncOperation(.layer, "./maps/alps.mbtiles", .set([.on: .flag(true), .created: .flag(true)]))

    /// A commit's operations, places first (the order of operations on different entities means nothing).
    static func sorted(_ operations: [SyncOperation]?) -> [SyncOperation] {
        (operations ?? []).sorted { $0.key.entity.rawValue > $1.key.entity.rawValue }
    }

    /// A log of `device` holding the header and `lines` (JSON objects without their sums).
    func log(_ lines: [String]) throws -> [UInt8] {
        var data = try SyncLog.encode(header: SyncLog.Header(device: device, through: lines.count, commits: lines.count), commits: [])
        for line in lines { data.append(SyncLog.summed(Data(line.utf8))) }
        return Array(data)
    }

    @Test("map files go in `more`: what the first format's readers read of the line is the rest of the commit")
    func layersInMore() throws {
        let commit = SyncCommit(device: device.id, sequence: 1, clock: HybridTimestamp(milliseconds: 1_795_766_400_000, counter: 0), seen: [:],
                                operations: [place, layer])
        let line = try SyncLog.line(commit)
        let object = try #require(try JSONSerialization.jsonObject(with: line.dropLast()) as? [String: Any])
        let ops = try #require(object["ops"] as? [[String: Any]])
        let more = try #require(object["more"] as? [[String: Any]])
        #expect(ops.count == 1 && ops[0]["place"] as? String == "mine/1")
        #expect(more.count == 1 && more[0]["layer"] as? String == "./maps/alps.mbtiles")

        // Read now: all of it. Read as before `more` (the member removed, as a reader that does not know it skips it): the place.
        let text = String(decoding: line.dropLast(), as: UTF8.self)
        let body = String(text[..<text.range(of: ",\"sum\"")!.lowerBound]) + "}"
        let whole = try #require(SyncLog.read(try log([body])))
        #expect(whole.damage == nil && Self.sorted(whole.commits.first?.operations) == [place, layer])
        var older = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        older["more"] = nil
        let olderBody = String(decoding: try JSONSerialization.data(withJSONObject: older, options: [.sortedKeys]), as: UTF8.self)
        let read = try #require(SyncLog.read(try log([olderBody])))
        #expect(read.damage == nil && read.commits.first?.operations == [place])
    }

    @Test("what a later Places adds in `more` is skipped; the same in `ops`, which every reader must understand, is damage")
    func laterEntities() throws {
        let later = #"{"clock":[1795766400000,0],"more":[{"trail":"t1","on":true},{"layer":"./x.pmtiles","colour":"red"},{"layer":"./maps/alps.mbtiles","on":true,"created":true}],"n":1,"ops":[{"place":"mine/1","name":"Picnic","position":[45.8,4.9]}]}"#
        let read = try #require(SyncLog.read(try log([later])))
        #expect(read.damage == nil)
        #expect(Self.sorted(read.commits.first?.operations) == [place, layer])

        let wrong = #"{"clock":[1795766400000,0],"n":1,"ops":[{"trail":"t1","on":true}]}"#
        let damaged = try #require(SyncLog.read(try log([wrong])))
        #expect(damaged.damage == .unreadableLine(2) && damaged.commits.isEmpty)
    }
}
