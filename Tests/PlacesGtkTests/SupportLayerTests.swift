import CGtk
@testable import PlacesGtk
import Testing

/// The GTK glue's pure pieces; GObject and GIO work without a display, so these run headless.
@Suite("Support layer")
@MainActor
struct SupportLayerTests {
    /// Notes its own deinit, to prove GLib released a signal closure's box.
    final class Witness {
        var onDeinit: () -> Void
        init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    private func makeAction() -> OpaquePointer {
        g_simple_action_new("probe", nil)!
    }

    @Test("markup escaping turns <, >, & and quotes into entities")
    func markupEscaping() {
        #expect(Markup.escape("<b>Tom & Jerry's</b>") == "&lt;b&gt;Tom &amp; Jerry&apos;s&lt;/b&gt;")
        #expect(Markup.escape("plain") == "plain")
        #expect(Markup.escape("") == "")
    }

    @Test("a connected handler runs on each emission, with the signal's argument")
    func handlerRuns() {
        let action = makeAction()
        defer { g_object_unref(UnsafeMutableRawPointer(action)) }
        var calls = 0
        action.connect(Signals.actionActivate) { parameter in
            #expect(parameter == nil)
            calls += 1
        }
        g_action_activate(action.cast(g_action_get_type(), as: OpaquePointer.self), nil)
        g_action_activate(action.cast(g_action_get_type(), as: OpaquePointer.self), nil)
        #expect(calls == 2)
    }

    @Test("disconnecting stops the handler and releases its closure")
    func disconnectReleasesClosure() {
        let action = makeAction()
        defer { g_object_unref(UnsafeMutableRawPointer(action)) }
        var released = false
        var calls = 0
        do {
            let witness = Witness { released = true }
            let connection = action.connect(Signals.actionActivate) { _ in
                _ = witness
                calls += 1
            }
            #expect(connection.isConnected)
            connection.disconnect()
            #expect(!connection.isConnected)
            connection.disconnect()  // a second disconnect is harmless
        }
        g_action_activate(action.cast(g_action_get_type(), as: OpaquePointer.self), nil)
        #expect(calls == 0)
        #expect(released)
    }

    @Test("finalizing the instance releases every handler's closure")
    func finalizeReleasesClosure() {
        var released = false
        let action = makeAction()
        do {
            let witness = Witness { released = true }
            action.connect(Signals.actionActivate) { _ in _ = witness }
        }
        #expect(!released)
        g_object_unref(UnsafeMutableRawPointer(action))
        #expect(released)
    }

    @Test("disconnect after the instance is gone does nothing")
    func disconnectAfterFinalize() {
        let action = makeAction()
        let connection = action.connect(Signals.actionActivate) { _ in }
        g_object_unref(UnsafeMutableRawPointer(action))
        #expect(!connection.isConnected)
        connection.disconnect()
    }

    @Test("casts check the instance's type")
    func castsKnowTypes() {
        let action = makeAction()
        defer { g_object_unref(UnsafeMutableRawPointer(action)) }
        #expect(action.isA(g_simple_action_get_type()))
        #expect(action.isA(g_action_get_type()))
        #expect(!action.isA(g_menu_get_type()))
        let object: UnsafeMutablePointer<GObject> = action.cast(g_object_get_type())
        #expect(UnsafeMutableRawPointer(object) == UnsafeMutableRawPointer(action))
    }

    @Test("a signal that does not exist is reported with its name and type")
    func unknownSignalName() {
        let action = makeAction()
        defer { g_object_unref(UnsafeMutableRawPointer(action)) }
        #expect(String(cString: G_OBJECT_TYPE_NAME_(UnsafeMutableRawPointer(action))) == "GSimpleAction")
    }
}
