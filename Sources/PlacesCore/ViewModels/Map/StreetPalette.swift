/// The colours of a vector map's streets, buildings, water and green spaces in one style, drawn on
/// `MapPalette.land` and beside the base map's sea, so that a vector map and the base map read as
/// one map in each style.
public struct StreetPalette: Hashable, Sendable {
    public var water: RGB
    public var park: RGB
    public var wood: RGB
    public var grass: RGB
    /// Built-up land: homes, shops, industry, railway yards.
    public var residential: RGB
    public var commercial: RGB
    public var building: RGB
    public var buildingOutline: RGB
    /// Motorways; trunk, primary and secondary roads; tertiary and smaller streets.
    public var motorway: RGB
    public var majorRoad: RGB
    public var minorRoad: RGB
    /// The edge drawn under each road, so that white streets stand out on pale land.
    public var casing: RGB
    /// Footways, paths and cycleways (dashed), railways and tramways.
    public var path: RGB
    public var rail: RGB
    public var boundary: RGB

    public static let light = StreetPalette(
        water: RGB(0.67, 0.83, 0.90), park: RGB(0.78, 0.89, 0.73), wood: RGB(0.72, 0.85, 0.66), grass: RGB(0.83, 0.91, 0.77),
        residential: RGB(0.92, 0.91, 0.88), commercial: RGB(0.95, 0.89, 0.88),
        building: RGB(0.85, 0.82, 0.78), buildingOutline: RGB(0.74, 0.71, 0.67),
        motorway: RGB(0.98, 0.70, 0.42), majorRoad: RGB(1.0, 0.89, 0.62), minorRoad: RGB(1, 1, 1), casing: RGB(0.72, 0.70, 0.66),
        path: RGB(0.55, 0.50, 0.46), rail: RGB(0.52, 0.52, 0.56), boundary: RGB(0.62, 0.58, 0.67)
    )

    /// After libadwaita's dark style, like `MapPalette.dark`: grey land, darker green, roads lighter than the land.
    public static let dark = StreetPalette(
        water: RGB(0.10, 0.16, 0.24), park: RGB(0.16, 0.24, 0.18), wood: RGB(0.14, 0.22, 0.16), grass: RGB(0.18, 0.25, 0.19),
        residential: RGB(0.23, 0.23, 0.25), commercial: RGB(0.26, 0.22, 0.24),
        building: RGB(0.29, 0.29, 0.32), buildingOutline: RGB(0.36, 0.36, 0.40),
        motorway: RGB(0.62, 0.45, 0.27), majorRoad: RGB(0.52, 0.47, 0.35), minorRoad: RGB(0.38, 0.38, 0.41), casing: RGB(0.13, 0.13, 0.14),
        path: RGB(0.46, 0.46, 0.50), rail: RGB(0.48, 0.48, 0.53), boundary: RGB(0.47, 0.45, 0.52)
    )

    /// White land, black edges: every road and building outlined in black.
    public static let highContrastLight = StreetPalette(
        water: RGB(0.55, 0.75, 0.90), park: RGB(0.70, 0.88, 0.65), wood: RGB(0.62, 0.82, 0.56), grass: RGB(0.78, 0.92, 0.72),
        residential: RGB(1, 1, 1), commercial: RGB(1, 1, 1),
        building: RGB(0.72, 0.72, 0.72), buildingOutline: RGB(0, 0, 0),
        motorway: RGB(1.0, 0.60, 0.20), majorRoad: RGB(1.0, 0.85, 0.30), minorRoad: RGB(1, 1, 1), casing: RGB(0, 0, 0),
        path: RGB(0, 0, 0), rail: RGB(0.25, 0.25, 0.25), boundary: RGB(0, 0, 0)
    )

    public static let highContrastDark = StreetPalette(
        water: RGB(0.0, 0.10, 0.25), park: RGB(0.0, 0.24, 0.06), wood: RGB(0.0, 0.20, 0.05), grass: RGB(0.05, 0.28, 0.10),
        residential: RGB(0, 0, 0), commercial: RGB(0, 0, 0),
        building: RGB(0.30, 0.30, 0.30), buildingOutline: RGB(1, 1, 1),
        motorway: RGB(0.85, 0.45, 0.0), majorRoad: RGB(0.75, 0.62, 0.0), minorRoad: RGB(0, 0, 0), casing: RGB(1, 1, 1),
        path: RGB(1, 1, 1), rail: RGB(0.75, 0.75, 0.75), boundary: RGB(1, 1, 1)
    )
}
