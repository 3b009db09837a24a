/// The buttons over the map's top right corner (zoom in and out, the layer list), which names keep
/// clear of.
enum MapControls {
    /// Their column: 12 pixels in, 42 wide, down to below the layer list's button.
    static func box(in viewport: ScreenSize) -> LabelBox {
        LabelBox(minX: viewport.width - 66, minY: 0, maxX: viewport.width, maxY: 140)
    }
}
