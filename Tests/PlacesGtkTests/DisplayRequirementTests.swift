import Foundation
import Testing

/// `make test` runs the GUI suites with PLACES_REQUIRE_DISPLAY=1: if GTK could not open the display
/// there, the suites would be skipped and CI would stay green without testing the GUI, so this fails.
@Suite("Display requirement")
struct DisplayRequirementTests {
    @Test(
        "when a display is required, GTK can open it",
        .enabled(if: ProcessInfo.processInfo.environment["PLACES_REQUIRE_DISPLAY"] != nil)
    )
    func displayIsAvailable() async {
        #expect(await Display.isAvailable(), "GTK could not open DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset")")
    }
}
