import Foundation

/// The progress line on standard error for long runs: records, bytes and rate, redrawn at
/// most four times a second, first after one second; erased at the end.
final class ProgressLine {
    private let enabled: Bool
    private let start = DispatchTime.now().uptimeNanoseconds
    private var nextDraw: UInt64
    private var drawn = false
    private(set) var records = 0
    private(set) var bytes = 0

    /// `requested`: `--progress` / `--no-progress`; nil: on when standard error is a terminal.
    init(requested: Bool?) {
        enabled = requested ?? Terminal.stderrIsTerminal
        nextDraw = start + 1_000_000_000
    }

    /// Counts a batch read.
    func advance(records: Int, bytes: Int) {
        self.records += records
        self.bytes += bytes
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard now >= nextDraw else { return }
        nextDraw = now + 250_000_000
        let seconds = Double(now - start) / 1e9
        let megabytes = Double(self.bytes) / 1e6
        let line = String(
            format: "codable: %d records, %.1f MB, %.1f MB/s", self.records, megabytes, megabytes / max(seconds, 0.001))
        Terminal.writeToStandardError("\r\u{1B}[K" + line)
        drawn = true
    }

    /// Erases the line.
    func finish() {
        guard drawn else { return }
        drawn = false
        Terminal.writeToStandardError("\r\u{1B}[K")
    }
}
