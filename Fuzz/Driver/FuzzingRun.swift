import Glibc

/// libFuzzer's driver (linked by `-sanitize=fuzzer`), called from a fuzz target's own `main` because
/// SwiftPM gives every executable one: it parses libFuzzer's options and feeds `test` its inputs.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The input under test, for the `@convention(c)` callback, which cannot capture.
nonisolated(unsafe) private var currentTest: ((UnsafeRawPointer, Int) -> CInt)?

/// Runs libFuzzer with this process's arguments on `test`, which gets each input's bytes and count,
/// and exits with libFuzzer's status.
public func fuzzingRun(_ test: @escaping (UnsafeRawPointer, Int) -> CInt) -> Never {
    currentTest = test
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    let status = runDriver(&argc, &argv) { data, count in
        let empty: UInt8 = 0
        return withUnsafePointer(to: empty) { fallback in currentTest!(UnsafeRawPointer(data ?? fallback), count) }
    }
    exit(status)
}
