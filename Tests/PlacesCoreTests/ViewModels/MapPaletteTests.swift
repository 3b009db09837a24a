import Foundation
import PlacesCore
import Testing

@Suite("Map palettes")
struct MapPaletteTests {

    @Test("each style picks its own palette")
    func styles() {
        #expect(MapPalette.forStyle(dark: false, highContrast: false) == .light)
        #expect(MapPalette.forStyle(dark: true, highContrast: false) == .dark)
        #expect(MapPalette.forStyle(dark: false, highContrast: true) == .highContrastLight)
        #expect(MapPalette.forStyle(dark: true, highContrast: true) == .highContrastDark)
    }

    @Test("the dark palettes are dark: land and sea darker than the light palette's ink")
    func darkIsDark() {
        for palette in [MapPalette.dark, .highContrastDark] {
            #expect(WCAG.luminance(palette.land) < 0.05)
            #expect(WCAG.luminance(palette.ocean) < 0.05)
            #expect(WCAG.luminance(palette.labelInk) > 0.7)
        }
    }

    /// Names and the legend: 4.5:1 (WCAG AA), 7:1 in high contrast (AAA). A cluster's count is short
    /// bold text on a coloured disc: 3:1 (WCAG's figure for graphics and large text), 4.5:1 in high contrast.
    @Test(
        "text is readable on what it stands on",
        arguments: [(MapPalette.light, 4.5, 3.0), (.dark, 4.5, 3.0), (.highContrastLight, 7.0, 4.5), (.highContrastDark, 7.0, 4.5)]
    )
    func textContrast(palette: MapPalette, text: Double, count: Double) {
        #expect(WCAG.contrast(palette.labelInk, palette.halo) >= text)
        #expect(WCAG.contrast(palette.cityInk, palette.land) >= text)
        #expect(WCAG.contrast(palette.panelText, palette.panel) >= text)
        #expect(WCAG.contrast(palette.clusterText, palette.cluster) >= count)
    }
}
