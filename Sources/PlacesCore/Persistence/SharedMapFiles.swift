/// The map files of a library kept in a folder that several computers share: the map's layer list is
/// theirs together, each file by its path as `MapFilePath` shares it. Called off the main thread.
public protocol SharedMapFiles: AnyObject, Sendable {
    /// Writes what changed from `base` to `files` (from what the folder holds when `base` is nil,
    /// removing nothing: joining), after taking in what the other computers wrote; returns the list
    /// the folder now holds (with this computer's paths), the computers whose changes were taken in,
    /// and anything the person should be told about the folder's files.
    func saveMapFiles(_ files: [MapSettings.File], base: [MapSettings.File]?) throws -> Saved<[MapSettings.File]>
}
