import Foundation
import ZIPFoundation

/// The KML documents inside a KMZ: a zip archive holding `doc.kml` (Google Earth's name for the main
/// one), often beside other `.kml` files it links to (GDAL's KMZ puts every layer in `layers/` and only
/// links to them from `doc.kml`), and images Places does not read. Every KML document is read, the
/// main one first. Unpacking stops at `inflatedLimit` in all: a small archive cannot make Places fill
/// its memory (a "zip bomb").
enum KMZArchive {
    /// The most a KMZ's documents may unpack to, together.
    static let inflatedLimit = 256_000_000

    static func documents(in bytes: UnsafeBufferPointer<UInt8>, limit: Int = inflatedLimit) throws(ImportError) -> [[UInt8]] {
        // Bit 0 of the first entry's flags: its content is encrypted, and unpacking it gives noise.
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]), bytes.count > 6, bytes[6] & 1 != 0 {
            throw .invalidKMZ(tr("it is protected by a password, which Places cannot open (save it again without one)"))
        }
        let archive: Archive
        do {
            archive = try Archive(data: Data(buffer: bytes), accessMode: .read)
        } catch {
            throw .invalidKMZ(tr("the zip archive is damaged or incomplete"))
        }
        let entries = Array(archive).filter { $0.type == .file && $0.path.lowercased().hasSuffix(".kml") }
            .sorted { ($0.path.lowercased() == "doc.kml" ? 0 : 1, $0.path) < ($1.path.lowercased() == "doc.kml" ? 0 : 1, $1.path) }
        guard !entries.isEmpty else { throw .invalidKMZ(tr("the zip archive holds no KML document")) }
        var unpacked = 0
        var documents: [[UInt8]] = []
        for entry in entries {
            var document: [UInt8] = []
            var tooLarge = false
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    unpacked += chunk.count
                    guard unpacked <= limit else {
                        tooLarge = true
                        throw CocoaError(.fileReadTooLarge)
                    }
                    document.append(contentsOf: chunk)
                }
            } catch {
                if tooLarge {
                    throw .invalidKMZ(tr("it unpacks to more than the {limit} Places reads", ["limit": FileProblem.size(Int64(limit))]))
                }
                throw .invalidKMZ(tr("“{name}” in the zip archive cannot be unpacked (the archive is damaged)", ["name": entry.path.clipped(to: 80)]))
            }
            documents.append(document)
        }
        return documents
    }
}
