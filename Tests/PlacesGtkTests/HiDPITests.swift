import Foundation
import Testing

extension GUITests {
    @Suite("HiDPI")
    struct HiDPITests {
        /// The legend's names, in the canvas's logical pixels.
        private static let legend = (x: 16.0, y: 14.0, width: 140.0, height: 66.0)

        /// A screenshot of places started with `environment`, and the legend's region in its pixels.
        private func legendShot(scale: Int, name: String) async throws -> (URL, (x: Int, y: Int, width: Int, height: Int)) {
            let app = try AppUnderTest(environment: ["GDK_SCALE": String(scale)])
            try app.waitForWindow()
            #expect(await app.trace.waitFor("first-frame") != nil)
            let (_, origin) = try app.latestCamera()
            let shot = try app.screenshot(name)
            let s = Double(scale)
            return (shot, (Int((origin.x + Self.legend.x) * s), Int((origin.y + Self.legend.y) * s),
                           Int(Self.legend.width * s), Int(Self.legend.height * s)))
        }

        @Test("with GDK_SCALE=2 the map's text is drawn at the device's resolution, not scaled up")
        func sharpAtScaleTwo() async throws {
            let (double, doubleRegion) = try await legendShot(scale: 2, name: "hidpi-scale-2")
            let (single, singleRegion) = try await legendShot(scale: 1, name: "hidpi-scale-1")
            let native = try ScreenshotComparison.fineDetail(double, region: doubleRegion)
            let scaledUp = try ScreenshotComparison.fineDetail(single, region: singleRegion, upscaledFirst: true)
            #expect(native > 1.5 * scaledUp, "detail finer than two pixels: \(native) at scale 2, \(scaledUp) for scale 1 blown up")
        }
    }
}
