import Foundation
import PlacesCore
@testable import PlacesGtk
import Testing

/// Cairo where OpenGL could only be software, GTK's own choice elsewhere, and never over a
/// `GSK_RENDERER` a person set. Needs no display.
@Suite("Renderer choice")
struct RendererChoiceTests {
    private let gpu = ["/dev/dri/renderD128"]

    @Test("no GPU render node, or Mesa told to draw in software: cairo")
    func software() {
        #expect(RendererChoice.renderer(environment: [:], renderNodes: []) == "cairo")
        #expect(RendererChoice.renderer(environment: ["GSK_RENDERER": ""], renderNodes: []) == "cairo", "empty is unset")
        #expect(RendererChoice.renderer(environment: ["LIBGL_ALWAYS_SOFTWARE": "1"], renderNodes: gpu) == "cairo")
        #expect(RendererChoice.renderer(environment: ["LIBGL_ALWAYS_SOFTWARE": "true"], renderNodes: gpu) == "cairo")
        #expect(RendererChoice.renderer(environment: ["GALLIUM_DRIVER": "llvmpipe"], renderNodes: gpu) == "cairo")
    }

    @Test("a GPU: GTK chooses; a renderer the person set is kept whatever the machine")
    func leftToGTK() {
        #expect(RendererChoice.renderer(environment: [:], renderNodes: gpu) == nil)
        #expect(RendererChoice.renderer(environment: ["LIBGL_ALWAYS_SOFTWARE": "0"], renderNodes: gpu) == nil)
        #expect(RendererChoice.renderer(environment: ["LIBGL_ALWAYS_SOFTWARE": "no"], renderNodes: gpu) == nil, "Mesa reads no as false")
        #expect(RendererChoice.renderer(environment: ["GALLIUM_DRIVER": "radeonsi"], renderNodes: gpu) == nil)
        #expect(RendererChoice.renderer(environment: ["GSK_RENDERER": "gl"], renderNodes: []) == nil)
        #expect(RendererChoice.renderer(environment: ["GSK_RENDERER": "ngl", "LIBGL_ALWAYS_SOFTWARE": "1"], renderNodes: gpu) == nil)
    }

    @Test("with cairo, GDK is told to leave OpenGL alone, in the words of the GTK it has; other flags are kept")
    func openGLLeftAlone() {
        let old = RendererChoice.openGLSwitch(environment: [:], renderer: "cairo", gtkMinor: 8)
        #expect(old?.name == "GDK_DEBUG" && old?.value == "gl-disable")
        let new = RendererChoice.openGLSwitch(environment: [:], renderer: "cairo", gtkMinor: 16)
        #expect(new?.name == "GDK_DISABLE" && new?.value == "gl")
        let kept = RendererChoice.openGLSwitch(environment: ["GDK_DEBUG": "events"], renderer: "cairo", gtkMinor: 8)
        #expect(kept?.value == "events,gl-disable")
        #expect(RendererChoice.openGLSwitch(environment: ["GDK_DEBUG": "events:gl-disable"], renderer: "cairo", gtkMinor: 8) == nil)
        #expect(RendererChoice.openGLSwitch(environment: [:], renderer: "gl", gtkMinor: 8) == nil)
        #expect(RendererChoice.openGLSwitch(environment: [:], renderer: nil, gtkMinor: 8) == nil, "GTK's own choice may be OpenGL")
    }
}

extension GUITests {
    /// What paints the window, read from the app's trace of its first frame (the type of the renderer
    /// GTK made for it). On a machine without a GPU render node, as CI's, Places picks cairo itself.
    @Suite("Renderer")
    struct RendererTests {
        private func firstFrameRenderer(_ environment: [String: String]) async throws -> String? {
            let app = try AppUnderTest(environment: environment)
            try app.waitForWindow()
            return await app.trace.waitFor("first-frame", timeout: 60)?["renderer"] as? String
        }

        @Test("with no renderer asked for, a machine without a GPU gets cairo; one asked for is used")
        func chosen() async throws {
            let hasGPU = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []).contains { $0.hasPrefix("renderD") }
            let unset = try await firstFrameRenderer(["GSK_RENDERER": ""])
            if hasGPU {
                #expect(unset != nil)
            } else {
                #expect(unset == "GskCairoRenderer")
            }
            #expect(try await firstFrameRenderer(["GSK_RENDERER": "gl"]) == "GskGLRenderer", "GTK's GL renderer, on llvmpipe here")
            #expect(try await firstFrameRenderer(["GSK_RENDERER": "cairo"]) == "GskCairoRenderer")
        }

        @Test("drawing with cairo, the app never loads an OpenGL driver; with GTK's GL renderer it does")
        func openGLLeftAlone() async throws {
            /// The OpenGL libraries mapped into the app once it painted its first frame.
            func openGLLibraries(_ renderer: String) async throws -> [String] {
                let app = try AppUnderTest(environment: ["GSK_RENDERER": renderer])
                try app.waitForWindow()
                _ = await app.trace.waitFor("first-frame", timeout: 60)
                // Read to its end: /proc says the file is empty, and Foundation then reads one page of it.
                let maps = String(decoding: try RegularFile.read("/proc/\(app.process.processIdentifier)/maps", limit: 64 << 20), as: UTF8.self)
                let paths = Set(maps.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
                return paths.filter { path in
                    let name = (path as NSString).lastPathComponent
                    return name.hasPrefix("libGLX_mesa") || name.hasPrefix("libEGL_mesa") || name.hasSuffix("_dri.so")
                }.sorted()
            }
            #expect(try await openGLLibraries("cairo") == [])
            #expect(try await openGLLibraries("gl") != [], "GDK loads Mesa for GTK's GL renderer")
        }
    }
}
