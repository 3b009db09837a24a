import CSystemZlib
import Dispatch
import Foundation

/// A zip archive of one deflated file (a KMZ's `doc.kml`), made as that file's bytes arrive: zlib
/// deflates each piece on a queue of its own while the caller goes on making the next, and the
/// CRC-32 and sizes follow the data in a data descriptor (APPNOTE 4.3.9), so neither the file nor
/// the archive is ever held whole or put in a scratch file. Written here rather than with
/// ZIPFoundation (which packs backups) because ZIPFoundation wants an entry's size before its first
/// byte: a KMZ took the KML's time plus the deflating, and now takes about the KML's time. The
/// archive's bytes go to `emit`, on the caller's thread. Over 4 GB, which needs ZIP64, is refused.
final class ZipStream {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let name: [UInt8]
    private let modified: (time: UInt16, date: UInt16)
    private let deflater = Deflater()
    private let queue = DispatchQueue(label: "places.zip-stream", qos: .userInitiated)
    /// Pieces handed to the queue and not yet deflated, at most four: memory stays bounded when
    /// the caller is faster than zlib.
    private let room = DispatchSemaphore(value: 4)
    private var started = false

    /// The largest piece deflated at once (zlib counts in 32 bits).
    private static let sliceSize = 1 << 24
    private static let localHeaderSize = 30, descriptorSize = 16, centralHeaderSize = 46, endSize = 22

    /// An archive whose one file is `name`, dated `modified` (in local time, as zip dates are).
    init(entry name: String, modified: Date = Date()) {
        self.name = Array(name.utf8)
        self.modified = Self.dosTime(modified)
    }

    /// Adds `piece` to the file: deflated meanwhile, its archive bytes emitted by a later call.
    func append(_ piece: Data, emit: (Data) -> Void) {
        start(emit)
        var offset = 0
        while offset < piece.count {
            let slice = piece.subdata(in: offset..<min(piece.count, offset + Self.sliceSize))
            offset += slice.count
            room.wait()
            queue.async { [deflater, room] in
                deflater.deflate(slice, finishing: false)
                room.signal()
            }
        }
        deflater.takeOutput().forEach(emit)
    }

    /// Ends the file and the archive.
    func finish(emit: (Data) -> Void) throws(Failure) {
        start(emit)
        queue.sync { deflater.deflate(Data(), finishing: true) }
        deflater.takeOutput().forEach(emit)
        guard !deflater.failed else { throw Failure(description: tr("the zip archive could not be made")) }
        let size = deflater.size, packed = deflater.packedSize
        let centralOffset = UInt64(Self.localHeaderSize + name.count) + packed + UInt64(Self.descriptorSize)
        // 0xFFFFFFFF itself tells a reader to look for ZIP64 fields.
        guard size < UInt32.max, packed < UInt32.max, centralOffset < UInt32.max else {
            throw Failure(description: tr("the document is over 4 GB, more than a KMZ holds"))
        }
        var tail = Data()
        // Data descriptor, with its optional signature.
        tail.appendLittleEndian(UInt32(0x0807_4B50))
        tail.appendLittleEndian(deflater.crc)
        tail.appendLittleEndian(UInt32(packed))
        tail.appendLittleEndian(UInt32(size))
        // Central directory: the one file, made on Unix (3), a regular file of mode 0644.
        tail.appendLittleEndian(UInt32(0x0201_4B50))
        tail.appendLittleEndian(UInt16(3 << 8 | 20))
        appendCommonHeader(to: &tail, crc: deflater.crc, packed: UInt32(packed), size: UInt32(size))
        tail.appendLittleEndian(UInt16(0))  // comment length
        tail.appendLittleEndian(UInt16(0))  // disk number
        tail.appendLittleEndian(UInt16(0))  // internal attributes
        tail.appendLittleEndian(UInt32(0o100644) << 16)
        tail.appendLittleEndian(UInt32(0))  // the local header's offset
        tail.append(contentsOf: name)
        // End of central directory.
        tail.appendLittleEndian(UInt32(0x0605_4B50))
        tail.appendLittleEndian(UInt16(0))
        tail.appendLittleEndian(UInt16(0))
        tail.appendLittleEndian(UInt16(1))
        tail.appendLittleEndian(UInt16(1))
        tail.appendLittleEndian(UInt32(Self.centralHeaderSize + name.count))
        tail.appendLittleEndian(UInt32(centralOffset))
        tail.appendLittleEndian(UInt16(0))
        emit(tail)
    }

    /// Emits the local header, once: CRC and sizes zero, to be read from the data descriptor.
    private func start(_ emit: (Data) -> Void) {
        guard !started else { return }
        started = true
        var header = Data()
        header.appendLittleEndian(UInt32(0x0403_4B50))
        appendCommonHeader(to: &header, crc: 0, packed: 0, size: 0)
        header.append(contentsOf: name)
        emit(header)
    }

    /// The fields a local header and a central directory entry share, from "version needed" on.
    private func appendCommonHeader(to data: inout Data, crc: UInt32, packed: UInt32, size: UInt32) {
        data.appendLittleEndian(UInt16(20))  // version needed: deflate
        data.appendLittleEndian(UInt16(1 << 3 | 1 << 11))  // sizes in a data descriptor; UTF-8 name
        data.appendLittleEndian(UInt16(8))  // deflate
        data.appendLittleEndian(modified.time)
        data.appendLittleEndian(modified.date)
        data.appendLittleEndian(crc)
        data.appendLittleEndian(packed)
        data.appendLittleEndian(size)
        data.appendLittleEndian(UInt16(name.count))
        data.appendLittleEndian(UInt16(0))  // extra field length
    }

    /// `date` as MS-DOS stores it: local time, two-second steps, years from 1980 to 2107.
    private static func dosTime(_ date: Date) -> (time: UInt16, date: UInt16) {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        let year = min(max(Int(parts.tm_year) + 1900, 1980), 2107)
        return (UInt16(Int(parts.tm_hour) << 11 | Int(parts.tm_min) << 5 | Int(parts.tm_sec) / 2),
                UInt16((year - 1980) << 9 | (Int(parts.tm_mon) + 1) << 5 | Int(parts.tm_mday)))
    }
}

/// zlib's raw deflate of one file and its CRC-32, used on the stream's queue; what it has
/// deflated is taken from any thread.
private final class Deflater: @unchecked Sendable {
    // On the queue only. The stream stays at one address: zlib keeps a pointer back to it.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var chunk = [UInt8](repeating: 0, count: 256 * 1024)
    // Written on the queue, read once it has finished.
    private(set) var crc = UInt32(0)
    private(set) var size = UInt64(0)
    private(set) var packedSize = UInt64(0)
    private(set) var failed = false
    // Under `lock`.
    private let lock = NSLock()
    private var output: [Data] = []

    init() {
        stream.initialize(to: z_stream())
        // A window of 32 KB without zlib's header and trailer (-15): zip wants raw deflate.
        failed = places_deflate_init2(stream, Z_DEFAULT_COMPRESSION, -15) != Z_OK
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    func deflate(_ piece: Data, finishing: Bool) {
        guard !failed else { return }
        var produced: [Data] = []
        piece.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            let bytes = input.bindMemory(to: Bytef.self)
            // zlib's crc32 starts again from 0 when handed no buffer.
            if !bytes.isEmpty { crc = UInt32(crc32(uLong(crc), bytes.baseAddress, uInt(bytes.count))) }
            stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
            stream.pointee.avail_in = uInt(bytes.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { out in
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = uInt(out.count)
                    return CSystemZlib.deflate(stream, finishing ? Z_FINISH : Z_NO_FLUSH)
                }
                let count = chunk.count - Int(stream.pointee.avail_out)
                if count > 0 { produced.append(Data(chunk[0..<count])) }
                if status == Z_STREAM_END { break }
                // No progress possible: without finishing, the piece is all taken in.
                if status == Z_BUF_ERROR, !finishing { break }
                guard status == Z_OK else {
                    failed = true
                    break
                }
                // Without finishing, zlib is done with the piece once it leaves room in the chunk.
                if !finishing, stream.pointee.avail_out > 0 { break }
            }
        }
        size += UInt64(piece.count)
        packedSize += produced.reduce(0) { $0 + UInt64($1.count) }
        lock.withLock { output += produced }
    }

    /// What has been deflated since the last call.
    func takeOutput() -> [Data] {
        lock.withLock {
            defer { output = [] }
            return output
        }
    }
}

private extension Data {
    mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
