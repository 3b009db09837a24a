/// The subscriber protocol every candidate delivers to (class-bound, like the app's delegate protocols).
protocol Receiver: AnyObject {
    func receive(_ event: Int)
}
