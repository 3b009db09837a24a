import Foundation

extension Process {
    /// Runs `command` (a path, then its arguments) with no signal blocked. A process starts with the
    /// signals blocked that the thread starting it blocks, and the test runner's threads block nearly
    /// all: a session bus started from a test never took its SIGTERM, was killed, and left its socket
    /// file in /tmp. Foundation's `Process` cannot set the mask, so a line of Perl (essential in
    /// Debian) clears it and execs the command.
    func runsWithSignalsUnblocked(_ command: [String]) {
        executableURL = URL(fileURLWithPath: "/usr/bin/perl")
        arguments = [
            "-MPOSIX", "-e",
            "sigprocmask(SIG_SETMASK, POSIX::SigSet->new) or die $!; exec { $ARGV[0] } @ARGV or die \"$ARGV[0]: $!\"", "--",
        ] + command
    }
}
