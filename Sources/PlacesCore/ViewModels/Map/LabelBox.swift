/// The screen rectangle a label (or a marker) occupies, for placing names without overlaps.
struct LabelBox {
    var minX, minY, maxX, maxY: Double

    func overlaps(_ other: LabelBox) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    func contains(_ point: ScreenPoint) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// Longest name drawn on the map, in characters; longer ones end in "…".
    static let maximumCharacters = 40

    /// The box of `name` drawn on `side` of a dot at `point`, estimated at `characterWidth` pixels per character.
    static func label(_ name: String, at point: ScreenPoint, side: LabelSide = .right, characterWidth: Double = 7) -> LabelBox {
        let width = characterWidth * Double(min(name.count, maximumCharacters)) + 8
        return switch side {
        case .right: LabelBox(minX: point.x + 9, minY: point.y - 9, maxX: point.x + 9 + width, maxY: point.y + 9)
        case .left: LabelBox(minX: point.x - 9 - width, minY: point.y - 9, maxX: point.x - 9, maxY: point.y + 9)
        }
    }

    /// The box of a round marker of `radius` at `point`.
    static func marker(at point: ScreenPoint, radius: Double) -> LabelBox {
        LabelBox(minX: point.x - radius, minY: point.y - radius, maxX: point.x + radius, maxY: point.y + radius)
    }
}
