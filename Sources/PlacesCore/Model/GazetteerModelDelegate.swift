/// Hears when the gazetteer has been read. Subscribers add themselves to `GazetteerModel.delegates`
/// and are held weakly.
@MainActor
public protocol GazetteerModelDelegate: AnyObject {
    func gazetteerDidLoad()
}
