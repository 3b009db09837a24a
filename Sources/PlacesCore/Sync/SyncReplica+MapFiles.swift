extension SyncReplica {
    /// The map files in the layer list, by their shared path (`MapFilePath`), in the order they were
    /// added (the first lowest), each shown or hidden.
    public var mapFiles: [MapSettings.File] {
        var files: [(order: SyncCommit.Header?, file: MapSettings.File)] = []
        for id in layerIDs {
            guard let state = entities[SyncKey(.layer, id)], exists(state) else { continue }
            files.append((created(state), MapSettings.File(path: id, isVisible: state.value(.on)?.flag ?? true)))
        }
        return files.sorted { Self.precedes($0.order, $1.order, $0.file.path, $1.file.path) }.map(\.file)
    }
}

extension MapSettings.File {
    /// The operations that make the layer list `base` into `files` (both by shared path): a file added
    /// is made, one shown or hidden set, one gone deleted. With `removing` false (joining this
    /// computer's list into a folder's), nothing of `base` is deleted.
    public static func operations(_ files: [MapSettings.File], since base: [MapSettings.File], removing: Bool = true) -> [SyncOperation] {
        let before = Dictionary(base.map { ($0.path, $0.isVisible) }, uniquingKeysWith: { first, _ in first })
        var operations: [SyncOperation] = []
        for file in files {
            switch before[file.path] {
            case nil: operations.append(SyncOperation(.layer, file.path, .set([.on: .flag(file.isVisible), .created: .flag(true)])))
            case file.isVisible?: break
            case _?: operations.append(SyncOperation(.layer, file.path, .set([.on: .flag(file.isVisible)])))
            }
        }
        if removing {
            let kept = Set(files.map(\.path))
            operations += base.filter { !kept.contains($0.path) }.map { SyncOperation(.layer, $0.path, .delete) }
        }
        return operations
    }
}
