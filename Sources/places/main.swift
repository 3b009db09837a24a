// places: parse the command line, then either check files or run the GTK application.
// `main` stays synchronous: the GLib main loop owns the main thread, and MainLoopBridge lets
// main-actor work run inside it.
import Foundation
import PlacesCore
import PlacesGtk

switch LaunchOptions.parse(Array(CommandLine.arguments.dropFirst())) {
case .run(let options):
    exit(PlacesApplication(options: options).run())
case .check(let paths):
    exit(GeoJSONCheck.run(paths))
case .help:
    print(LaunchOptions.usage)
case .version:
    print("places \(PlacesApplication.version)")
case .invalid(let reason):
    FileHandle.standardError.write(Data("places: \(reason)\n\n\(LaunchOptions.usage)\n".utf8))
    exit(2)
}
