/// The current event number, read by NotificationCenter observers (a notification carries no Int cheaply).
final class EventPayload: @unchecked Sendable {
    var value = 0
}
