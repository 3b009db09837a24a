#if canImport(Glibc)
import Glibc
#endif

/// Bytes of heap in use, from glibc's `mallinfo2()`: `uordblks` (arena chunks in use) + `hblkhd` (mmapped).
///
/// Swift's Glibc module does not import <malloc.h>, so the function is found with `dlsym`. `struct mallinfo2`
/// (ten `size_t`) is returned in memory: on x86-64 System V the caller passes the result's address as a
/// hidden first argument, which is exactly a C function taking one pointer. Other architectures report nil.
enum HeapStatistics {
    private typealias Mallinfo2 = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?

    private static let mallinfo2: Mallinfo2? = {
        #if arch(x86_64) && os(Linux)
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "mallinfo2") else { return nil }
        return unsafeBitCast(symbol, to: Mallinfo2.self)
        #else
        return nil
        #endif
    }()

    /// Heap bytes in use, or nil when `mallinfo2` is unavailable.
    static func bytesInUse() -> Int? {
        guard let mallinfo2 else { return nil }
        var fields = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  // arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks, keepcost
        withUnsafeMutableBytes(of: &fields) { _ = mallinfo2($0.baseAddress!) }
        return fields.7 + fields.4
    }
}
