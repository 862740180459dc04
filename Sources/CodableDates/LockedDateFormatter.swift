import Foundation

/// One `DateFormatter`, used under a lock so a `DateCodec` can be shared between tasks.
final class LockedDateFormatter: @unchecked Sendable {
    private let formatter: DateFormatter
    private let lock = NSLock()

    init(_ formatter: DateFormatter) {
        self.formatter = formatter
    }

    func date(from string: String) -> Date? {
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
