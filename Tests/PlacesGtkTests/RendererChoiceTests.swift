import Foundation
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
    }
}
