import Foundation

/// One `DateFormatter`, used under a lock so a `DateCodec` can be shared between tasks.
final class LockedDateFormatter: @unchecked Sendable {
    private let formatter: DateFormatter
    private let lock = NSLock()

    init(_ formatter: DateFormatter) {
        self.formatter = formatter
    }

    /// The instant `string` denotes, or nil where it does not match.
    ///
    /// A string in which characters combine (a digit followed by a combining mark, like
    /// `"2024-03-01\u{301}"`) never matches: Foundation's `DateFormatter` on Linux traps on
    /// such strings ("Incorrect range CFRange") instead of failing, and no date pattern can
    /// match one anyway.
    func date(from string: String) -> Date? {
        guard string.count == string.unicodeScalars.count else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return formatter.date(from: string)
    }

    func string(from date: Date) -> String {
        lock.lock()
        defer { lock.unlock() }
        return formatter.string(from: date)
    }
}
