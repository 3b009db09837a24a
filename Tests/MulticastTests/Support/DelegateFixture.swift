import Multicast

/// What the MulticastDelegate suites share: a call log, the multicast under test, and a keeper that
/// holds delegates alive for the whole test.
@MainActor
protocol DelegateFixture {
    var log: CallLog { get }
    var multicast: MulticastDelegate<any ProfileModelDelegate> { get }
    var keeper: Keeper { get }
}

extension DelegateFixture {
    /// Recording delegates labelled `labels`, kept alive for the whole test but not yet added.
    func makeDelegates(_ labels: String...) -> [RecordingDelegate] {
        keeper.keep(labels.map { RecordingDelegate($0, log: log) })
    }

    /// Adds recording delegates labelled `labels`, kept alive for the whole test.
    @discardableResult
    func addDelegates(_ labels: String...) -> [RecordingDelegate] {
        let delegates = keeper.keep(labels.map { RecordingDelegate($0, log: log) })
        for delegate in delegates { multicast.add(delegate) }
        return delegates
    }

    /// The labels of the live delegates, in delivery order.
    func labels() -> [String] { multicast.map { ($0 as? RecordingDelegate)?.label ?? "?" } }
}
