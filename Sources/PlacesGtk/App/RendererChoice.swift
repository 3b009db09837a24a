import CGtk
import Foundation
import Synchronization

/// Which of GTK's renderers draws the window. GTK draws with OpenGL wherever it gets a context, and
/// without a GPU (a virtual machine, Xvfb, a machine whose driver is missing) that is Mesa's
/// llvmpipe, drawing on the processor: there GTK 4.8's GL renderer took 578 ms to the first frame
/// against 126 ms with cairo, and 24.3 ms between frames of a drag against 16.8 (`gui-bench renderer`).
/// So where OpenGL can only be software, and nobody chose with `GSK_RENDERER`, Places asks GTK
/// for cairo. Decided before GTK starts, while the process has one thread (`setenv` is not safe
/// beside others).
public enum RendererChoice {
    /// Asks GTK for the renderer `renderer(environment:renderNodes:)` picks for this machine, and
    /// when that is cairo, keeps GDK from loading OpenGL (`openGLSwitch`).
    public static func apply() {
        let environment = ProcessInfo.processInfo.environment
        let chosen = renderer(environment: environment, renderNodes: openableRenderNodes())
        var set: [(name: String, was: String?)] = []
        switch chosen {
        case let chosen?:
            setenv("GSK_RENDERER", chosen, 1)
            set.append(("GSK_RENDERER", environment["GSK_RENDERER"]))
        // An empty value would make GTK warn that it knows no renderer of that name.
        case nil where environment["GSK_RENDERER"] == "": unsetenv("GSK_RENDERER")
        case nil: break
        }
        let minor = Int(gtk_get_minor_version())
        if let (name, value) = openGLSwitch(environment: environment, renderer: chosen ?? environment["GSK_RENDERER"], gtkMinor: minor) {
            setenv(name, value, 1)
            set.append((name, environment[name]))
        }
        ownVariables.withLock { $0 = set }
    }

    /// The variables `apply` set for Places' own GTK, with what they were before (nil: unset), which
    /// programs Places starts (the browser for a place's link) get back: a GTK browser would
    /// otherwise draw with cairo and without OpenGL too.
    static let ownVariables = Mutex<[(name: String, was: String?)]>([])

    /// The variable, and its value, that tells GDK to leave OpenGL alone when `renderer` is cairo:
    /// nothing in Places draws with it then, yet GDK on X11 still loaded Mesa (on llvmpipe, a driver
    /// linked with LLVM) to choose the window's visual: 30 ms of the main thread before the first
    /// frame, as much as GTK's start-up took besides. GTK 4.8 to 4.14 read the switch as a
    /// `GDK_DEBUG` flag, 4.16 and later as a `GDK_DISABLE` feature; words already set are kept.
    /// Nil when the renderer is another, or the switch is set already.
    static func openGLSwitch(environment: [String: String], renderer: String?, gtkMinor: Int) -> (name: String, value: String)? {
        guard renderer == "cairo" else { return nil }
        let (name, word) = gtkMinor >= 16 ? ("GDK_DISABLE", "gl") : ("GDK_DEBUG", "gl-disable")
        let set = environment[name] ?? ""
        // GLib's separators for such lists (`g_parse_debug_string`).
        guard !set.split(whereSeparator: { ":;, \t".contains($0) }).contains(Substring(word)) else { return nil }
        return (name, set.isEmpty ? word : set + "," + word)
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
