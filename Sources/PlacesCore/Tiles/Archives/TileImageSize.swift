/// The pixel size a PNG or JPEG says it has, read from its header before it is decoded: a tile that
/// claims to be huge (a decompression bomb takes a few kilobytes to claim gigabytes) is refused
/// unread.
public enum TileImageSize {
    /// The widest and tallest tile decoded (map tiles are 256 or 512 pixels).
    public static let largest = 1024

    /// Width and height, or nil when the bytes are not a PNG or JPEG whose header can be read.
    public static func of(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        switch TileArchiveMetadata.format(ofTile: bytes) {
        case .png?:
            // The IHDR chunk comes first: width and height big-endian after its type.
            guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
            return (bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
        case .jpeg?:
            // Segments follow one another up to a start-of-frame (SOF0…SOF15 but DHT, JPG, DAC).
            var offset = 2
            while offset + 9 < bytes.count {
                guard bytes[offset] == 0xFF else { return nil }
                let marker = bytes[offset + 1]
                if marker == 0xFF { offset += 1; continue }
                if (0xD0...0xD9).contains(marker) || marker == 0x01 { offset += 2; continue }
                let length = bigEndian(bytes, offset + 2, 2)
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    return (bigEndian(bytes, offset + 7, 2), bigEndian(bytes, offset + 5, 2))
                }
                guard length >= 2 else { return nil }
                offset += 2 + length
            }
            return nil
        case .mvt?, nil:
            return nil
        }
    }

    /// Why `bytes` are not decoded, or nil when they may be.
    public static func problem(_ bytes: [UInt8]) -> String? {
        guard let size = of(bytes) else { return tr("a tile is not a PNG or JPEG image") }
        guard size.width > 0, size.height > 0, size.width <= largest, size.height <= largest else {
            return tr("a tile claims to be {width} × {height} pixels, larger than the {largest} × {largest} Places draws",
                      ["width": String(size.width), "height": String(size.height), "largest": String(largest)])
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }
}
