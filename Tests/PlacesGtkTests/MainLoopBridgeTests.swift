import Foundation
import Testing

extension GUITests {
    @Suite("Main-loop bridge")
    struct MainLoopBridgeTests {
        private func probe(_ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = AppUnderTest.binDirectory.appendingPathComponent("main-loop-probe")
            process.arguments = arguments
            try process.run()
            // Poll rather than waitUntilExit, which can spin forever off the main thread here.
            for _ in 0..<1_000 where process.isRunning { usleep(10_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            for _ in 0..<100 where process.isRunning { usleep(10_000) }
            return process.terminationStatus
        }

        @Test("Task { @MainActor in }, DispatchQueue.main and MainActor.run complete while g_application_run spins")
        func mainActorWorkRunsUnderTheGLibLoop() throws {
            #expect(try probe([]) == 0)
        }

        @Test("without the bridge the same main-actor work never runs (the probe times out)")
        func withoutTheBridgeNothingRuns() throws {
            #expect(try probe(["--without-bridge"]) == 1)
        }
    }
}
