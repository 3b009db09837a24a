import Foundation
import Multicast

/// The world's towns and airports for finding places beyond the library. Read the first time something
/// needs it (a search, "What's here?", a link), off the main thread, then broadcast once to the list, the
/// card and the profile, which use it from then on: a window that never searches never reads it.
@MainActor
public final class GazetteerModel {
    public let delegates = MulticastDelegate<any GazetteerModelDelegate>()
    public private(set) var gazetteer = Gazetteer.empty
    /// Told when the gazetteer cannot be read.
    public weak var coordinator: (any AppCoordinating)?

    /// Reads the gazetteer (`BundledData.loadGazetteer`); nil: there is none (tests, a missing data folder).
    private let read: (@Sendable () throws -> Gazetteer)?
    /// It is being read: a search that finds nothing yet may find towns once it is.
    public private(set) var isReading = false
    /// Reading it failed once: the person has been told, and it is not read again (each keystroke would retry).
    private var hasFailed = false

    public init(read: (@Sendable () throws -> Gazetteer)? = nil) {
        self.read = read
    }

    public var isLoaded: Bool { gazetteer.count > 0 }

    /// Starts reading the gazetteer, unless it is read, being read or could not be read; `gazetteerDidLoad`
    /// or `gazetteerDidFail` follows.
    public func need() {
        guard !isLoaded, !isReading, !hasFailed, let read else { return }
        isReading = true
        Task {
            let result = await Task.detached(priority: .userInitiated) { Result { try read() } }.value
            switch result {
            case .success(let gazetteer): load(gazetteer)
            case .failure(let error):
                (isReading, hasFailed) = (false, true)
                coordinator?.handle(.tell(.error(tr("The world's towns cannot be searched: {reason}", ["reason": "\(error)"]))))
                delegates.invoke { $0.gazetteerDidFail() }
            }
        }
    }

    /// Uses `gazetteer` from now on (read elsewhere, or made by a test).
    public func load(_ gazetteer: Gazetteer) {
        self.gazetteer = gazetteer
        isReading = false
        delegates.invoke { $0.gazetteerDidLoad() }
    }
}
