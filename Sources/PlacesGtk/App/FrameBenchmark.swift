import CGtk
import Foundation
import PlacesCore

/// `places --benchmark-frames N`: renders N frames of the map at world zoom and N at city zoom, nudging
/// the camera one pixel per frame so every frame is redrawn, and prints one JSON line per scenario with
/// the drawing time per frame and the frame clock's interval between frames.
@MainActor
final class FrameBenchmark {
    private let window: MainWindow
    private let coordinator: AppCoordinator
    private let frames: Int

    init(window: MainWindow, coordinator: AppCoordinator, frames: Int) {
        self.window = window
        self.coordinator = coordinator
        self.frames = frames
    }

    /// Runs both scenarios and prints their results.
    func run() async {
        let scenarios = [
            ("world", MapPosition(center: Coordinate(latitude: 20, longitude: 0), zoom: 2.1)),
            ("city", MapPosition(center: Coordinate(latitude: 48.8566, longitude: 2.3522), zoom: 11)),
        ]
        for (name, position) in scenarios {
            coordinator.map.setCamera(center: position.center, zoom: position.zoom)
            let (draws, intervals) = await measure()
            let markers = coordinator.map.state.latest?.markers.count ?? 0
            print(#"{"scenario":"\#(name)","places":\#(coordinator.placesModel.places.count),"markers":\#(markers),"#
                + #""frames":\#(draws.count),"draw_ms_median":\#(Self.percentile(draws, 0.5)),"draw_ms_p90":\#(Self.percentile(draws, 0.9)),"#
                + #""draw_ms_max":\#(draws.max() ?? 0),"interval_ms_median":\#(Self.percentile(intervals, 0.5))}"#)
        }
        fflush(nil)  // all streams: the harness reads our stdout through a pipe
    }

    private func measure() async -> (draws: [Double], intervals: [Double]) {
        var draws: [Double] = []
        var intervals: [Double] = []
        var lastFrame: Double?
        var direction = 1.0
        window.map.onDrawTimed = { draws.append($0) }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            WidgetCallbacks.addTickCallback(window.map.area) { [coordinator, frames] time in
                if let lastFrame { intervals.append((time - lastFrame) * 1000) }
                lastFrame = time
                guard draws.count < frames else {
                    continuation.resume()
                    return false
                }
                direction = -direction
                coordinator.map.pan(byPixels: direction, 0)
                return true
            }
        }
        window.map.onDrawTimed = nil
        return (draws, intervals)
    }

    private static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let value = sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
        return (value * 1000).rounded() / 1000
    }
}
