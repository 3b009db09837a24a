import Foundation
import Testing
import TestingSupport
@testable import PlacesCore

/// Three computers edit one library through their stores while a careless sync engine carries their
/// files: any version of a log, old or new, in any order, some twice, some cut short (half-synced).
/// Once every latest log reached every computer, the three hold one library: the one every commit
/// ever written makes by the rules (`SyncReference`).
@Suite struct SyncFolderPropertyTests {
    typealias Computer = SyncFolderLibraryStoreTests.Computer

    @Test(arguments: 0..<16)
    func threeComputersConvergeWhateverTheEngineDoes(seed: UInt64) throws {
        let root = try TemporaryDirectory()
        defer { root.remove() }
        var simulation = SyncSimulation(seed: 0xF01D_0000 + seed)
        let skews: [Int64] = [0, 3 * 3_600_000, -2 * 3_600_000]
        let clock = SyncFolderLibraryStoreTests.Clock()
        var computers = (0..<3).map { Computer(root, "c\($0)", skew: skews[$0], clock: clock.read) }
        for computer in computers { try FileManager.default.createDirectory(at: computer.folder, withIntermediateDirectories: true) }
        /// Every version each computer's log had, oldest first.
        var versions: [[Data]] = [[], [], []]
        var histories: [[Library]] = [[], [], []]

        func record(_ index: Int) throws {
            let url = computers[index].folder.appendingPathComponent(SyncLog.fileName(of: computers[index].store.device.id))
            if let data = try? Data(contentsOf: url), versions[index].last != data { versions[index].append(data) }
        }

        for _ in 0..<80 {
            let index = simulation.random.below(3)
            let before = computers[index].shown
            let after = simulation.randomEdit(of: before, device: computers[index].store.device.id, history: histories[index])
            histories[index].append(before)
            try computers[index].edit { $0 = after }
            try record(index)
            if simulation.random.chance(0.5) {
                // The engine brings some version of another computer's log, maybe cut short.
                let from = simulation.random.below(3), to = simulation.random.below(3)
                guard from != to, !versions[from].isEmpty else { continue }
                var data = simulation.random.pick(versions[from])
                if simulation.random.chance(0.2) { data = data.prefix(simulation.random.below(data.count + 1)) }
                let name = SyncLog.fileName(of: computers[from].store.device.id)
                try data.write(to: computers[to].folder.appendingPathComponent(name), options: .atomic)
                _ = try computers[to].refresh()
                try record(to)
            }
        }
        // At last every computer gets every latest log, twice over (taking them in may write).
        for _ in 0..<2 {
            for from in 0..<3 {
                for to in 0..<3 where to != from {
                    let name = SyncLog.fileName(of: computers[from].store.device.id)
                    try Data(contentsOf: computers[from].folder.appendingPathComponent(name))
                        .write(to: computers[to].folder.appendingPathComponent(name), options: .atomic)
                }
            }
            for index in 0..<3 {
                _ = try computers[index].refresh()
                try record(index)
            }
        }
        let libraries = computers.map { SyncReference($0.shown) }
        #expect(libraries[0] == libraries[1] && libraries[1] == libraries[2], "seed \(seed): \(libraries)")
        let commits = versions.enumerated().flatMap { index, datas in
            datas.flatMap { SyncLog.read(Array($0))?.commits ?? [] }
        }
        #expect(libraries[0] == SyncReference(commits: commits), "seed \(seed)")
    }
}
