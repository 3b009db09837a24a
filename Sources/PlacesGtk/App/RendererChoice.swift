import Foundation

/// Which of GTK's renderers draws the window. GTK draws with OpenGL wherever it gets a context, and
/// without a GPU (a virtual machine, Xvfb, a machine whose driver is missing) that is Mesa's
/// llvmpipe, drawing on the processor: there GTK 4.8's GL renderer took 578 ms to the first frame
/// against 126 ms with cairo, and 24.3 ms between frames of a drag against 16.8 (`gui-bench renderer`).
/// So where OpenGL can only be software, and nobody chose with `GSK_RENDERER`, Places asks GTK
/// for cairo. Decided before GTK starts, while the process has one thread (`setenv` is not safe
/// beside others).
public enum RendererChoice {
    /// Asks GTK for the renderer `renderer(environment:renderNodes:)` picks for this machine.
    public static func apply() {
        let environment = ProcessInfo.processInfo.environment
        switch renderer(environment: environment, renderNodes: openableRenderNodes()) {
        case let chosen?: setenv("GSK_RENDERER", chosen, 1)
        // An empty value would make GTK warn that it knows no renderer of that name.
        case nil where environment["GSK_RENDERER"] == "": unsetenv("GSK_RENDERER")
        case nil: break
        }
    }

    /// "cairo" when OpenGL could only run on the processor: Mesa told to draw in software, or no
    /// GPU render node (`/dev/dri/renderD*`) that this user can open; nil to leave GTK's choice,
    /// which a `GSK_RENDERER` of any value but the empty one makes.
    static func renderer(environment: [String: String], renderNodes: [String]) -> String? {
        if let asked = environment["GSK_RENDERER"], !asked.isEmpty { return nil }
        // Mesa's own reading of a boolean variable: these are true, anything else false.
        let forcedSoftware = ["1", "true", "y", "yes"].contains(environment["LIBGL_ALWAYS_SOFTWARE"]?.lowercased() ?? "")
        let softwareDriver = ["llvmpipe", "softpipe", "swrast"].contains(environment["GALLIUM_DRIVER"]?.lowercased() ?? "")
        return forcedSoftware || softwareDriver || renderNodes.isEmpty ? "cairo" : nil
    }

    /// The GPU render nodes this user may open for drawing (checked with `access`: opening one
    /// could wake a sleeping GPU).
    private static func openableRenderNodes() -> [String] {
        let folder = "/dev/dri"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("renderD") }.map { folder + "/" + $0 }.filter { access($0, R_OK | W_OK) == 0 }
    }
}
