import CSystemZlib

/// Inflates gzip or zlib data (as PMTiles' directories and metadata are compressed), at most
/// `limit` bytes of it: what a small compressed directory claims to hold cannot exhaust memory.
enum Gzip {
    static func inflate(_ input: [UInt8], limit: Int) throws(TileArchiveError) -> [UInt8] {
        var stream = z_stream()
        // 15 + 32: a window of 32 KB, and the gzip or zlib header found by itself.
        guard places_inflate_init2(&stream, 15 + 32) == Z_OK else { throw .damaged(tr("its compressed data cannot be read")) }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let status: Int32 = input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            while true {
                let result: Int32 = chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    return CSystemZlib.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                guard output.count + produced <= limit else { return Z_MEM_ERROR }
                output += chunk[0..<produced]
                if result == Z_STREAM_END { return Z_OK }
                guard result == Z_OK, produced > 0 || stream.avail_in > 0 else { return result == Z_OK ? Z_DATA_ERROR : result }
            }
        }
        switch status {
        case Z_OK: return output
        case Z_MEM_ERROR: throw .damaged(tr("its compressed data holds more than the {limit} Places reads", ["limit": FileProblem.size(Int64(limit))]))
        default: throw .damaged(tr("its compressed data is broken"))
        }
    }
}
