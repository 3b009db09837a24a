// The textbook multicast delegate the library replaces, written the way the multicast-delegate article writes it:
// an array of `Weak` boxes, `recycle()` (drop nil boxes, walking `enumerated().reversed()`) before each
// broadcast, then `forEach` with a dynamic cast of each box's value to `T`.

final class Weak {
    weak var value: AnyObject?

    init(value: AnyObject) {
        self.value = value
    }
}

final class TextbookMulticastDelegate<T> {
    private var delegates = [Weak]()

    func add(_ delegate: T) {
        delegates.append(Weak(value: delegate as AnyObject))
    }

    func remove(_ delegate: T) {
        let object = delegate as AnyObject
        for (index, weak) in delegates.enumerated().reversed() where weak.value === object {
            delegates.remove(at: index)
        }
    }

    func invoke(_ invocation: (T) -> Void) {
        recycle()
        delegates.forEach {
            if let delegate = $0.value as? T {
                invocation(delegate)
            }
        }
    }

    private func recycle() {
        for (index, weak) in delegates.enumerated().reversed() where weak.value == nil {
            delegates.remove(at: index)
        }
    }
}
