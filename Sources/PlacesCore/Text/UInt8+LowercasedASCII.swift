extension UInt8 {
    /// The byte with an ASCII capital letter made small, any other byte as it is: comparing paths
    /// and folding keys byte by byte, where a `String` would be made and lower-cased whole.
    var lowercasedASCII: UInt8 {
        (0x41...0x5A).contains(self) ? self | 0x20 : self
    }
}
