import Foundation
import PlacesCore
import Testing

@Suite("Map palettes")
struct MapPaletteTests {
    /// WCAG's relative luminance of an sRGB colour.
    private func luminance(_ colour: RGB) -> Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722 * linear(colour.blue)
    }

    private func contrast(_ a: RGB, _ b: RGB) -> Double {
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

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
            #expect(luminance(palette.land) < 0.05)
            #expect(luminance(palette.ocean) < 0.05)
            #expect(luminance(palette.labelInk) > 0.7)
        }
    }

    /// Names and the legend: 4.5:1 (WCAG AA), 7:1 in high contrast (AAA). A cluster's count is short
    /// bold text on a coloured disc: 3:1 (WCAG's figure for graphics and large text), 4.5:1 in high contrast.
    @Test(
        "text is readable on what it stands on",
        arguments: [(MapPalette.light, 4.5, 3.0), (.dark, 4.5, 3.0), (.highContrastLight, 7.0, 4.5), (.highContrastDark, 7.0, 4.5)]
    )
    func textContrast(palette: MapPalette, text: Double, count: Double) {
        #expect(contrast(palette.labelInk, palette.halo) >= text)
        #expect(contrast(palette.cityInk, palette.land) >= text)
        #expect(contrast(palette.panelText, palette.panel) >= text)
        #expect(contrast(palette.clusterText, palette.cluster) >= count)
    }
}
