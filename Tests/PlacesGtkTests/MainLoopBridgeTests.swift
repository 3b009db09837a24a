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
            if !process.waitForExit(seconds: 30) { kill(process.processIdentifier, SIGKILL) }
            process.waitForExit(seconds: 5)
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
