/// A file's bytes for a reader that goes through them and gives back what it has passed: mapped
/// (`MappedFile`), or read (`FileBytes`) where the file cannot be mapped.
protocol PassBytes: AnyObject {
    var buffer: UnsafeBufferPointer<UInt8> { get }
    /// Whether bytes given back can be read again (from the file); read bytes given back are gone.
    var canReadAgain: Bool { get }
    func release(before offset: Int)
    func startOver()
}

extension FileBytes: PassBytes {
    var canReadAgain: Bool { false }
    func startOver() {}
}
