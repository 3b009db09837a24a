// places: read the command line, then either check files or run the GTK application.
// `main` stays synchronous: the GLib main loop owns the main thread, and MainLoopBridge lets
// main-actor work run inside it. `places` alone has nothing to parse: it opens the window without
// ArgumentParser, whose reflection over the options took 2–3 ms of every start-up before the window.
import PlacesCore
import PlacesGtk

if CommandLine.arguments.count == 1 {
    Localization.start(localeDirectory: Localization.localeDirectory())
    PlacesCommand.openWindow(LaunchOptions())
} else {
    PlacesCommand.main()
}
