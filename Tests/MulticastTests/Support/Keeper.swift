/// Keeps test fixtures alive for the whole test.
///
/// An optimized build may end a local's lifetime right after its last use, which would deallocate a weakly
/// held delegate (or release a subscription) before the broadcast under test. Fixtures that must outlive
/// the test body are kept here, owned by the suite instance; fixtures meant to die are plain locals.
@MainActor
final class Keeper {
    private var objects: [AnyObject] = []

    @discardableResult
    func keep<Object: AnyObject>(_ object: Object) -> Object {
        objects.append(object)
        return object
    }

    @discardableResult
    func keep<Object: AnyObject>(_ many: [Object]) -> [Object] {
        objects.append(contentsOf: many.map { $0 as AnyObject })
        return many
    }
}
