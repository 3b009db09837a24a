import Foundation

/// A line and column in UTF-8 text, moved forward over the bytes between: what a reader that gives
/// bytes back as it goes keeps of them, so positions after them can still be told.
struct TextCursor {
    private(set) var offset = 0
    private(set) var line = 1
    /// Counts characters (UTF-8 lead bytes), not bytes.
    private(set) var column = 1

    /// Moves to `target` (not before `offset`), counting the lines and characters of the bytes between.
    mutating func advance(to target: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        guard target > offset, let base = bytes.baseAddress else { return }
        var lineStart = offset
        // memchr finds the line breaks; only the last line's characters are counted byte by byte.
        while let found = memchr(base + lineStart, 0x0A, target - lineStart) {
            line += 1
            column = 1
            lineStart = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        }
        for index in lineStart..<target where bytes[index] & 0xC0 != 0x80 { column += 1 }
        offset = target
    }
}
