/// The colour each file's lines and areas are drawn in: one per source, in the order the files came,
/// from GNOME's palette (saturated middle tones, seen on the light and the dark map alike and unlike
/// the marker colours of the kinds of place).
public enum ShapeColours {
    static let palette = [
        RGB(0.13, 0.56, 0.64),  // teal 4
        RGB(0.75, 0.38, 0.80),  // purple 2
        RGB(0.38, 0.63, 0.92),  // blue 2
        RGB(0.60, 0.42, 0.27),  // brown 3
        RGB(0.78, 0.53, 0.00),  // yellow 5
        RGB(0.51, 0.24, 0.61),  // purple 3
    ]

    /// The colour of `source`'s shapes, by its place among `sources`.
    public static func colour(for source: PlaceSource.ID, among sources: [PlaceSource]) -> RGB {
        let index = sources.filter { !$0.isBundled }.firstIndex { $0.id == source } ?? 0
        return palette[index % palette.count]
    }
}
