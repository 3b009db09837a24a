extension MulticastDelegate {
    /// The object address in `slot`, read from the delegate's bits without touching the object (a
    /// class reference, or a class-bound existential, starts with the object pointer). Valid for
    /// tombstones too: only the number is read.
    func address(at slot: Int) -> UInt {
        UnsafeRawPointer(delegates + slot).load(as: UInt.self)
    }

    /// Makes room for one more slot. Outside broadcasts dead slots are reclaimed first, and the
    /// storage grows (by a tenth) only when that frees less than a twentieth of it: reclaiming is then
    /// at least that many `add`s away, so it costs O(1) amortized per `add`. During a broadcast slots
    /// cannot move, so it grows, and reclaims once the outermost broadcast ends.
    func makeRoom() {
        if invokeDepth == 0 {
            compact()
            if capacity - slotCount >= Swift.max(4, slotCount / 20) { return }
        } else {
            reclaimPending = true
        }
        resize(to: slotCount + Swift.max(4, slotCount / 10))
    }

    /// Drops dead slots, keeping order, and rebuilds the address index. Storage shrinks when the live
    /// delegates use less than half of it, so churn inside broadcasts cannot keep it large.
    func compact() {
        var kept = 0
        for slot in 0..<slotCount {
            guard references[slot].object != nil else {
                (references + slot).deinitialize(count: 1)
                continue
            }
            if kept != slot {
                (references + kept).moveInitialize(from: references + slot, count: 1)
                UnsafeMutableRawPointer(delegates + kept).copyMemory(from: delegates + slot, byteCount: MemoryLayout<T>.size)
            }
            kept += 1
        }
        slotCount = kept
        let roomy = kept + Swift.max(4, kept / 10)
        if capacity > 2 * roomy {
            resize(to: roomy)
        } else {
            rebuildAddresses()
        }
    }

    /// Moves the slots to storage of `newCapacity` slots and rebuilds the address index.
    func resize(to newCapacity: Int) {
        precondition(newCapacity < Int(Int32.max), "MulticastDelegate holds at most Int32.max delegates")
        let newReferences = UnsafeMutablePointer<WeakReference>.allocate(capacity: newCapacity)
        newReferences.moveInitialize(from: references, count: slotCount)
        references.deallocate()
        references = newReferences
        let newDelegates = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
        UnsafeMutableRawPointer(newDelegates).copyMemory(from: delegates, byteCount: MemoryLayout<T>.stride * slotCount)
        delegates.deallocate()
        delegates = newDelegates
        capacity = newCapacity
        rebuildAddresses()
    }
}
