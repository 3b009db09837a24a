/// The edits that can be undone and redone, newest last, bounded in two ways: by count (`limit`
/// steps) and by what they hold (`weightLimit`, in the units `weight` counts, e.g. places kept for an
/// import's undo). The oldest steps go first; a single edit heavier than `weightLimit` is not kept, and
/// ends the history before it (undoing across it would restore a state that no longer follows).
///
/// A plain value: it records and hands back edits; the caller applies them.
public struct UndoStack<Edit> {
    public let limit: Int
    public let weightLimit: Int
    private let weight: (Edit) -> Int
    private var done: [Edit] = []
    private var undone: [Edit] = []
    private var totalWeight = 0

    public init(limit: Int = 100, weightLimit: Int = .max, weight: @escaping (Edit) -> Int = { _ in 1 }) {
        precondition(limit > 0, "an undo stack keeps at least one step")
        self.limit = limit
        self.weightLimit = weightLimit
        self.weight = weight
    }

    /// The edit `undo()` would hand back.
    public var nextUndo: Edit? { done.last }
    /// The edit `redo()` would hand back.
    public var nextRedo: Edit? { undone.last }
    public var undoCount: Int { done.count }
    public var redoCount: Int { undone.count }
    /// Counts the changes of the history (a step recorded, undone, redone, or the history cleared): an
    /// Undo offered at one revision undoes what it says only while the revision is the same.
    public private(set) var revision = 0

    /// Remembers `edit`, just made; whatever had been undone can no longer be redone.
    public mutating func record(_ edit: Edit) {
        revision += 1
        undone.removeAll()
        let heaviness = weight(edit)
        guard heaviness <= weightLimit else {
            done.removeAll()
            totalWeight = 0
            return
        }
        done.append(edit)
        totalWeight += heaviness
        trim()
    }

    /// The newest edit, to be reverted by the caller; it can then be redone.
    public mutating func undo() -> Edit? {
        guard let edit = done.popLast() else { return nil }
        revision += 1
        totalWeight -= weight(edit)
        undone.append(edit)
        return edit
    }

    /// The edit undone last, to be made again by the caller.
    public mutating func redo() -> Edit? {
        guard let edit = undone.popLast() else { return nil }
        revision += 1
        done.append(edit)
        totalWeight += weight(edit)
        trim()
        return edit
    }

    /// Puts `edit` in place of the one `undo()` would hand back next (what it keeps has changed).
    public mutating func replaceNextUndo(with edit: Edit) {
        guard let old = done.popLast() else { return }
        totalWeight -= weight(old)
        done.append(edit)
        totalWeight += weight(edit)
        trim()
    }

    /// Puts `edit` in place of the one `redo()` would hand back next.
    public mutating func replaceNextRedo(with edit: Edit) {
        guard !undone.isEmpty else { return }
        undone[undone.count - 1] = edit
    }

    /// Forgets everything (the model changed in a way the history cannot follow).
    public mutating func removeAll() {
        revision += 1
        done.removeAll()
        undone.removeAll()
        totalWeight = 0
    }

    private mutating func trim() {
        var dropped = 0
        while done.count - dropped > limit || (totalWeight > weightLimit && done.count - dropped > 1) {
            totalWeight -= weight(done[dropped])
            dropped += 1
        }
        if dropped > 0 { done.removeFirst(dropped) }
    }
}
