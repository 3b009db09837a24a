/// A city name drawn on the base map (context, not a place marker): the largest cities that fit.
public struct MapCityLabel: Equatable, Sendable {
    /// The city's name (plain text).
    public var name: String
    /// Where its dot is, in the canvas's pixels.
    public var position: ScreenPoint
}
