/// A backup read back (`LibraryBackup.read`): the library it holds, with its imported files where
/// they are now and read, ready to take the place of the one in the window (`PlacesEditor.restore`).
public struct RestoredLibrary: Sendable {
    /// The backup's file name, for what the person is told.
    public var backup: String
    /// The library, its files' sources (and the ids of their places) as they are now.
    public var library = Library.empty
    /// Each file of the library, in order, and what reading it gave.
    public var files: [(source: PlaceSource, result: Result<ImportResult, ImportError>)] = []
    /// The names of files neither in the backup nor where they were: their places are not restored.
    public var missing: [String] = []

    public init(backup: String) {
        self.backup = backup
    }
}
