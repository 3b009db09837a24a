/// The map's colours for one style: the light and dark ones follow the system's colour scheme, the
/// high-contrast ones its high-contrast setting. Markers keep their kind's colour in every style; what
/// changes is what they stand on and are outlined with.
public struct MapPalette: Hashable, Sendable {
    public var ocean: RGB
    public var land: RGB
    public var border: RGB
    public var borderWidth: Double
    /// Rivers and lake centrelines.
    public var river: RGB
    /// State and province borders (dashed).
    public var province: RGB
    /// Base-map city dots and names.
    public var cityInk: RGB
    /// Names beside place markers.
    public var labelInk: RGB
    /// The outline that keeps names and markers readable over land and sea.
    public var halo: RGB
    public var markerOutline: RGB
    public var cluster: RGB
    public var clusterText: RGB
    /// The legend's and the attribution's backing, drawn at `panelOpacity`.
    public var panel: RGB
    public var panelOpacity: Double
    public var panelText: RGB
    /// The star on a favourite's marker (with a halo, so it reads on land, sea and marker alike).
    public var favourite: RGB
    /// A vector map's colours in the same style.
    public var streets: StreetPalette

    /// The palette for the system's style.
    public static func forStyle(dark: Bool, highContrast: Bool) -> MapPalette {
        switch (dark, highContrast) {
        case (false, false): .light
        case (true, false): .dark
        case (false, true): .highContrastLight
        case (true, true): .highContrastDark
        }
    }

    public static let light = MapPalette(
        ocean: RGB(0.67, 0.83, 0.90), land: RGB(0.95, 0.94, 0.91), border: RGB(0.62, 0.58, 0.67), borderWidth: 0.9,
        river: RGB(0.56, 0.76, 0.89), province: RGB(0.76, 0.73, 0.79),
        cityInk: RGB(0.42, 0.42, 0.45), labelInk: RGB(0.10, 0.10, 0.12), halo: RGB(1, 1, 1), markerOutline: RGB(1, 1, 1),
        cluster: RGB(0.21, 0.52, 0.89), clusterText: RGB(1, 1, 1),
        panel: RGB(1, 1, 1), panelOpacity: 0.85, panelText: RGB(0.15, 0.15, 0.18),
        favourite: RGB(0.90, 0.65, 0.04),  // yellow 5
        streets: .light
    )

    /// Night colours after libadwaita's dark style: a deep blue sea, grey land, light ink.
    public static let dark = MapPalette(
        ocean: RGB(0.10, 0.16, 0.24), land: RGB(0.21, 0.21, 0.23), border: RGB(0.47, 0.45, 0.52), borderWidth: 0.9,
        river: RGB(0.16, 0.27, 0.39), province: RGB(0.35, 0.34, 0.39),
        cityInk: RGB(0.70, 0.70, 0.74), labelInk: RGB(0.93, 0.93, 0.95), halo: RGB(0.12, 0.12, 0.13),
        markerOutline: RGB(0.12, 0.12, 0.13), cluster: RGB(0.21, 0.52, 0.89), clusterText: RGB(1, 1, 1),
        panel: RGB(0.19, 0.19, 0.21), panelOpacity: 0.9, panelText: RGB(0.93, 0.93, 0.95),
        favourite: RGB(0.96, 0.83, 0.18),  // yellow 3
        streets: .dark
    )

    /// Pure black ink on white land and a clearly different sea, with thicker borders.
    public static let highContrastLight = MapPalette(
        ocean: RGB(0.55, 0.75, 0.90), land: RGB(1, 1, 1), border: RGB(0, 0, 0), borderWidth: 1.5,
        river: RGB(0.15, 0.40, 0.75), province: RGB(0.35, 0.35, 0.35),
        cityInk: RGB(0, 0, 0), labelInk: RGB(0, 0, 0), halo: RGB(1, 1, 1), markerOutline: RGB(0, 0, 0),
        cluster: RGB(0.0, 0.30, 0.70), clusterText: RGB(1, 1, 1),
        panel: RGB(1, 1, 1), panelOpacity: 1, panelText: RGB(0, 0, 0),
        favourite: RGB(0.71, 0.45, 0.0),
        streets: .highContrastLight
    )

    public static let highContrastDark = MapPalette(
        ocean: RGB(0.0, 0.10, 0.25), land: RGB(0, 0, 0), border: RGB(1, 1, 1), borderWidth: 1.5,
        river: RGB(0.35, 0.60, 1.0), province: RGB(0.70, 0.70, 0.70),
        cityInk: RGB(1, 1, 1), labelInk: RGB(1, 1, 1), halo: RGB(0, 0, 0), markerOutline: RGB(1, 1, 1),
        cluster: RGB(0.40, 0.65, 1.0), clusterText: RGB(0, 0, 0),
        panel: RGB(0, 0, 0), panelOpacity: 1, panelText: RGB(1, 1, 1),
        favourite: RGB(1.0, 0.85, 0.0),
        streets: .highContrastDark
    )
}
