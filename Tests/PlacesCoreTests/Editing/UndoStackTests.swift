import PlacesCore
import Testing

@Suite("Undo stack")
struct UndoStackTests {
    @Test("undo hands back the newest edit, redo the one undone last; a new edit ends what could be redone")
    func order() {
        var stack = UndoStack<String>()
        stack.record("a")
        stack.record("b")
        #expect(stack.undo() == "b")
        #expect(stack.undo() == "a")
        #expect(stack.undo() == nil)
        #expect(stack.redo() == "a")
        #expect(stack.nextRedo == "b")
        stack.record("c")
        #expect(stack.redo() == nil)
        #expect(stack.undo() == "c")
        #expect(stack.undo() == "a")
    }

    @Test("at most `limit` steps are kept, the oldest dropped first")
    func boundedByCount() {
        var stack = UndoStack<Int>(limit: 3)
        for edit in 1...10 { stack.record(edit) }
        #expect(stack.undoCount == 3)
        #expect([stack.undo(), stack.undo(), stack.undo(), stack.undo()] == [10, 9, 8, nil])
    }

    @Test("what the steps hold is bounded: heavy old steps go, and one heavier than the bound ends the history")
    func boundedByWeight() {
        var stack = UndoStack<Int>(limit: 100, weightLimit: 10, weight: { $0 })
        stack.record(6)
        stack.record(3)
        #expect(stack.undoCount == 2)
        stack.record(4)  // 13 > 10: the 6 goes
        #expect(stack.undoCount == 2)
        #expect(stack.nextUndo == 4)
        stack.record(11)
        #expect(stack.undoCount == 0, "an edit too heavy to keep cannot be undone, nor anything before it")
        stack.record(2)
        #expect(stack.undo() == 2)
        #expect(stack.redo() == 2)
    }
}
