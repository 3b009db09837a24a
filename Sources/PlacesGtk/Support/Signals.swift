import CGtk

/// The signals Places connects to, with their handler types.
public enum Signals {
    public static let clicked = Signal<@MainActor () -> Void>("clicked")
    public static let toggled = Signal<@MainActor () -> Void>("toggled")
    public static let changed = Signal<@MainActor () -> Void>("changed")
    /// GtkSearchEntry text changed (after its short delay).
    public static let searchChanged = Signal<@MainActor () -> Void>("search-changed")
    /// GtkEntry / GtkSearchEntry activated (Enter).
    public static let activate = Signal<@MainActor () -> Void>("activate")
    /// GApplication activated (launched without files).
    public static let applicationActivate = Signal<@MainActor () -> Void>("activate")
    /// GApplication started: GTK and libadwaita are set up, nothing is shown yet.
    public static let applicationStartup = Signal<@MainActor () -> Void>("startup")
    /// GApplication asked to open files.
    public static let applicationOpen = Signal<@MainActor ([OpaquePointer]) -> Void>("open")
    /// GSimpleAction activated (its parameter as a pointer).
    public static let actionActivate = Signal<@MainActor (gpointer?) -> Void>("activate")
    /// GtkListView row activated (Enter or double click), with its position.
    public static let rowActivate = Signal<@MainActor (UInt32) -> Void>("activate")
    /// AdwToast's button was pressed.
    public static let toastButtonClicked = Signal<@MainActor () -> Void>("button-clicked")
    /// GtkEventControllerFocus: the focus came into the widget from outside it.
    public static let focusEnter = Signal<@MainActor () -> Void>("enter")
    /// AdwToast went away (timed out, closed, or dismissed).
    public static let toastDismissed = Signal<@MainActor () -> Void>("dismissed")
    /// GtkListBox row activated (Enter, a click), with the row.
    public static let listBoxRowActivated = Signal<@MainActor (gpointer?) -> Void>("row-activated")
    /// GtkSignalListItemFactory: a list item needs its widgets.
    public static let setup = Signal<@MainActor (gpointer?) -> Void>("setup")
    /// GtkSignalListItemFactory: a list item shows a new row.
    public static let bind = Signal<@MainActor (gpointer?) -> Void>("bind")
    /// GtkSignalListItemFactory: a list item is destroyed.
    public static let teardown = Signal<@MainActor (gpointer?) -> Void>("teardown")
    /// GtkDrawingArea's size changed, with the new width and height.
    public static let resize = Signal<@MainActor (Int32, Int32) -> Void>("resize")
    /// AdwStyleManager: the window turned dark or light.
    public static let notifyDark = Signal<@MainActor (gpointer?) -> Void>("notify::dark")
    /// AdwStyleManager: high contrast went on or off.
    public static let notifyHighContrast = Signal<@MainActor (gpointer?) -> Void>("notify::high-contrast")
    /// A stateful GSimpleAction is asked to change its state (the new state as a GVariant pointer).
    public static let changeState = Signal<@MainActor (gpointer?) -> Void>("change-state")
    /// AdwMessageDialog answered, with the response id (a C string).
    public static let messageResponse = Signal<@MainActor (gpointer?) -> Void>("response")
    /// GtkWidget is being destroyed (its owner let it go).
    public static let destroy = Signal<@MainActor () -> Void>("destroy")
    /// GtkPopover closed.
    public static let closed = Signal<@MainActor () -> Void>("closed")
    /// GtkDropDown or GtkSingleSelection: the selected position changed.
    public static let notifySelected = Signal<@MainActor (gpointer?) -> Void>("notify::selected")
    /// GtkGestureLongPress: held long enough at a position.
    public static let longPressed = Signal<@MainActor (Double, Double) -> Void>("pressed")
    /// GtkNotebook's current page changed.
    public static let notifyPage = Signal<@MainActor (gpointer?) -> Void>("notify::page")
    /// GtkGestureClick pressed, with the press count and position.
    public static let pressed = Signal<@MainActor (Int32, Double, Double) -> Void>("pressed")
    /// GtkGestureClick released, with the press count and position.
    public static let released = Signal<@MainActor (Int32, Double, Double) -> Void>("released")
    /// GtkGestureDrag began at a position.
    public static let dragBegin = Signal<@MainActor (Double, Double) -> Void>("drag-begin")
    /// GtkGestureDrag moved by an offset from its start.
    public static let dragUpdate = Signal<@MainActor (Double, Double) -> Void>("drag-update")
    /// GtkGestureDrag ended at an offset from its start.
    public static let dragEnd = Signal<@MainActor (Double, Double) -> Void>("drag-end")
    /// GtkEventControllerMotion moved to a position.
    public static let motion = Signal<@MainActor (Double, Double) -> Void>("motion")
    /// GtkEventControllerScroll scrolled by a delta; return whether it was handled.
    public static let scroll = Signal<@MainActor (Double, Double) -> Bool>("scroll")
    /// GtkEventControllerKey key pressed; return whether it was handled.
    public static let keyPressed = Signal<@MainActor (UInt32, UInt32, GdkModifierType) -> Bool>("key-pressed")
    /// GtkEventControllerLegacy saw an event (a `GdkEvent` pointer); return whether it was handled.
    public static let event = Signal<@MainActor (gpointer?) -> Bool>("event")
    /// AdwAboutWindow asked to open a link (its URI, a C string); true: handled, libadwaita does not open it.
    public static let activateLink = Signal<@MainActor (gpointer?) -> Bool>("activate-link")
    /// GtkDropTarget received a drop; return whether it was accepted.
    public static let drop = Signal<@MainActor (UnsafePointer<GValue>?, Double, Double) -> Bool>("drop")
    /// GtkWindow is asked to close; return true to keep it open.
    public static let closeRequest = Signal<@MainActor () -> Bool>("close-request")
    /// GtkWidget was realized (it has a window surface and a frame clock).
    public static let realize = Signal<@MainActor () -> Void>("realize")
    /// GdkFrameClock begins a frame: animations, layout and painting follow.
    public static let beforePaint = Signal<@MainActor () -> Void>("before-paint")
    /// GdkFrameClock is about to paint a frame.
    public static let paint = Signal<@MainActor () -> Void>("paint")
    /// GdkFrameClock finished painting a frame.
    public static let afterPaint = Signal<@MainActor () -> Void>("after-paint")
    /// GtkWidget was mapped (shown on screen).
    public static let map = Signal<@MainActor () -> Void>("map")
    /// GtkNativeDialog / GtkDialog response, with the response id.
    public static let response = Signal<@MainActor (Int32) -> Void>("response")
    /// GFileMonitor: a file in the folder watched changed, with its name.
    public static let fileChanged = Signal<@MainActor (String?) -> Void>("changed")
}
