import Foundation

/// Compares a region of two screenshots with ImageMagick; returns the normalized RMSE (0 = identical, 1 = opposite).
enum ScreenshotComparison {
    static func difference(_ first: URL, _ second: URL, x: Int, y: Int, width: Int, height: Int) throws -> Double {
        let geometry = "\(width)x\(height)+\(x)+\(y)"
        let cropped = [first, second].map { $0.deletingPathExtension().appendingPathExtension("crop.png") }
        for (source, target) in zip([first, second], cropped) {
            try AppUnderTest.run("convert", [source.path, "-crop", geometry, "+repage", target.path])
        }
        defer { cropped.forEach { try? FileManager.default.removeItem(at: $0) } }
        let compare = Process()
        compare.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compare.arguments = ["compare", "-metric", "RMSE", cropped[0].path, cropped[1].path, "null:"]
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
}
