// Connects a signal GSimpleAction does not have, through PlacesGtk's typed `connect`: the program must
// stop with a message naming the signal and the type (the Support layer's test runs it and reads it).
import CGtk
import PlacesGtk

let action = g_simple_action_new("probe", nil)!
MainActor.assumeIsolated {
    _ = action.connect(Signal<@MainActor () -> Void>("no-such-signal")) {}
}
print("signal-probe: connected a signal that does not exist")
