/// Hears when the gazetteer has been read, or could not be. Subscribers add themselves to
/// `GazetteerModel.delegates` and are held weakly.
@MainActor
public protocol GazetteerModelDelegate: AnyObject {
    func gazetteerDidLoad()
    /// Reading it failed (the coordinator has told the person why); it stays empty.
    func gazetteerDidFail()
}

extension GazetteerModelDelegate {
    public func gazetteerDidFail() {}
}
