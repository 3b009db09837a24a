import Foundation

/// Measures screenshots with ImageMagick.
enum ScreenshotComparison {
    /// The mean luminance (0 black, 1 white) of a region of `image`, or of all of it.
    static func meanLuminance(_ image: URL, region: (x: Int, y: Int, width: Int, height: Int)? = nil) throws -> Double {
        let crop = region.map { ["-crop", "\($0.width)x\($0.height)+\($0.x)+\($0.y)", "+repage"] } ?? []
        let text = try AppUnderTest.run("convert", [image.path] + crop + ["-colorspace", "Gray", "-format", "%[fx:mean]", "info:"])
        guard let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw AppUnderTest.HelperFailure(description: "convert printed \(text)")
        }
        return value
    }

    /// The colour of the pixel at `x`, `y` of `image`, 0–255 a channel.
    static func colour(_ image: URL, x: Int, y: Int) throws -> [Int] {
        let text = try AppUnderTest.run("convert", [image.path, "-crop", "1x1+\(x)+\(y)", "+repage", "-format",
                                                    "%[fx:int(255*r+0.5)],%[fx:int(255*g+0.5)],%[fx:int(255*b+0.5)]", "info:"])
        return text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
    }

    /// The share (0 to 1) of a region of `image` whose pixels are `colour` (0–255 a channel), give or
    /// take `fuzz` percent.
    static func share(of colour: [Int], in image: URL, region: (x: Int, y: Int, width: Int, height: Int), fuzz: Double = 2) throws -> Double {
        let rgb = "rgb(\(colour[0]),\(colour[1]),\(colour[2]))"
        let text = try AppUnderTest.run("convert", [
            image.path, "-crop", "\(region.width)x\(region.height)+\(region.x)+\(region.y)", "+repage", "-fuzz", "\(fuzz)%",
            "-fill", "black", "+opaque", rgb, "-fill", "white", "-opaque", rgb, "-colorspace", "Gray", "-format", "%[fx:mean]", "info:",
        ])
        guard let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw AppUnderTest.HelperFailure(description: "convert printed \(text)")
        }
        return value
    }

    /// How much of a region of `image` (in its pixels) is finer than its pixel pairs: the difference
    /// between the region and itself reduced to half size and blown back up. An image drawn at half
    /// resolution and scaled up has almost none; one drawn at full resolution has its edges there.
    static func fineDetail(_ image: URL, region: (x: Int, y: Int, width: Int, height: Int), upscaledFirst: Bool = false) throws -> Double {
        let crop = image.deletingPathExtension().appendingPathExtension("detail.png")
        let coarse = image.deletingPathExtension().appendingPathExtension("coarse.png")
        defer { [crop, coarse].forEach { try? FileManager.default.removeItem(at: $0) } }
        let geometry = "\(region.width)x\(region.height)+\(region.x)+\(region.y)"
        try AppUnderTest.run("convert", [image.path, "-crop", geometry, "+repage"] + (upscaledFirst ? ["-resize", "200%"] : []) + [crop.path])
        try AppUnderTest.run("convert", [crop.path, "-scale", "50%", "-scale", "200%", coarse.path])
        return try difference(crop, coarse)
    }

    /// The normalized RMSE of two images of one size (0 = identical, 1 = opposite).
    static func difference(_ first: URL, _ second: URL) throws -> Double {
        let compare = Process()
        compare.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compare.arguments = ["compare", "-metric", "RMSE", first.path, second.path, "null:"]
        let errors = Pipe()
        compare.standardError = errors
        try compare.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        compare.waitUntilExit()
        // Output looks like "1234.5 (0.0188)": the normalized value is in parentheses.
        guard let open = text.firstIndex(of: "("), let close = text.firstIndex(of: ")"),
              let value = Double(text[text.index(after: open)..<close]) else {
            throw AppUnderTest.HelperFailure(description: "compare printed \(text)")
        }
        return value
    }

    /// The normalized RMSE of a region of two screenshots (0 = identical, 1 = opposite).
    static func difference(_ first: URL, _ second: URL, x: Int, y: Int, width: Int, height: Int) throws -> Double {
        let geometry = "\(width)x\(height)+\(x)+\(y)"
        let cropped = [first, second].map { $0.deletingPathExtension().appendingPathExtension("crop.png") }
        for (source, target) in zip([first, second], cropped) {
            try AppUnderTest.run("convert", [source.path, "-crop", geometry, "+repage", target.path])
        }
        defer { cropped.forEach { try? FileManager.default.removeItem(at: $0) } }
        return try difference(cropped[0], cropped[1])
    }
}
