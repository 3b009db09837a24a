/// Sizes shared by the canvas that draws markers and the view-model that hit-tests them.
public enum MapMarkerStyle {
    /// Radius of a place marker, in pixels.
    public static let placeRadius = 7.0
    /// Radius of the selected place's marker, in pixels.
    public static let selectedRadius = 11.0

    /// Radius of a cluster marker: grows with the number of places it stands for.
    public static func clusterRadius(_ count: Int) -> Double {
        min(26, 11 + 3 * Double(String(count).count))
    }
}
