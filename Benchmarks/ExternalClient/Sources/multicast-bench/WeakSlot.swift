/// A single reusable weak reference: assigning an object to it is enough to give that object a side table.
final class WeakSlot {
    weak var object: AnyObject?
}
