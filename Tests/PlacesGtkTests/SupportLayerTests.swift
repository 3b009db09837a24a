import CGtk
import Foundation
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
        #expect(action.typeName == "GSimpleAction")
    }

    @Test("connecting a signal the object does not have stops the program, naming the signal and the type")
    func unknownSignalIsReported() throws {
        let probe = Process()
        probe.executableURL = AppUnderTest.binDirectory.appendingPathComponent("signal-probe")
        let errors = Pipe()
        probe.standardError = errors
        try probe.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitForExit(seconds: 30)
        #expect(!probe.isRunning)
        #expect(probe.terminationReason == .uncaughtSignal)
        #expect(text.contains("no signal no-such-signal on GSimpleAction"), "the probe printed: \(text)")
    }

    @Test("while code changes a value, the handlers of the person's edits are held back; afterwards they run again")
    func userEditsAreSuppressedDuringCodeChanges() {
        let action = makeAction()
        defer { g_object_unref(UnsafeMutableRawPointer(action)) }
        var edits = 0
        var allActivations = 0
        UserEdits.connect(Signals.actionActivate, on: action) { _ in edits += 1 }
        action.connect(Signals.actionActivate) { _ in allActivations += 1 }

        UserEdits.whileSuppressed(on: action) { g_action_activate(action.cast(g_action_get_type()), nil) }
        #expect(edits == 0)
        #expect(allActivations == 1)

        g_action_activate(action.cast(g_action_get_type()), nil)
        #expect(edits == 1)
        #expect(allActivations == 2)
    }

    @Test("GType constants name the fundamental types GLib defines")
    func fundamentalTypes() {
        #expect(String(cString: g_type_name(.string)) == "gchararray")
        #expect(String(cString: g_type_name(.int)) == "gint")
        #expect(String(cString: g_type_name(.boolean)) == "gboolean")
        #expect(String(cString: g_type_name(.double)) == "gdouble")
    }
}
