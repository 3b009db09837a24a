// places: read the command line, then either check files or run the GTK application.
// `main` stays synchronous: the GLib main loop owns the main thread, and MainLoopBridge lets
// main-actor work run inside it.
PlacesCommand.main()
