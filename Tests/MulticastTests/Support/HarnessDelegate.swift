/// A delegate of the random runs: reports each call, with its broadcast depth, to the harness.
@MainActor
final class HarnessDelegate: ProfileModelDelegate {
    let id: Int
    private weak var harness: MulticastHarness?

    init(id: Int, harness: MulticastHarness) {
        self.id = id
        self.harness = harness
    }

    /// `name` carries the broadcast depth.
    func didUpdate(name: String) {
        harness?.delegateWasCalled(id: id, depth: Int(name)!)
    }

    func didSave() {
        harness?.delegateWasCalled(id: id, depth: 1)
    }
}
