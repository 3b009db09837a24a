import Testing

/// Every test that needs a display, run one at a time (they share one X server, pointer and keyboard).
/// Each suite is skipped, not failed, when there is no display; `make test` provides one with Xvfb.
@Suite("GUI", .serialized, .enabled("needs a display (make test runs these under Xvfb)") { await Display.isAvailable() })
struct GUITests {}
