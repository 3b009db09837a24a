/// A colour with red, green and blue in 0...1.
public struct RGB: Hashable, Sendable {
    public var red, green, blue: Double

    public init(_ red: Double, _ green: Double, _ blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}
