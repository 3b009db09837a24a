/// What the person is told: a notice that goes by itself ("Imported 3 places…", with at most one
/// button), or an error that stays until dismissed.
public enum Message: Equatable, Sendable {
    case notice(Notice)
    case error(String)
}
