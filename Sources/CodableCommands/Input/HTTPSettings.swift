import Foundation

/// How web pages are fetched: retries, their delay, the timeout, and extra headers.
struct HTTPSettings: Sendable {
    /// Extra attempts after a 429 or 5xx answer.
    var retries: Int
    /// Seconds before the first retry; doubled for each further one.
    var retryDelay: Double
    /// Seconds without data after which a request fails.
    var timeout: Double
    /// The longest wait for a rate limit to reset (`X-RateLimit-Reset`) before giving up.
    var maxWait: Double = 60
    /// Headers sent with every request.
    var headers: [(name: String, value: String)]

    /// The longest wait a `Retry-After` header is honoured with.
    static let longestRetryAfter: Double = 300

    /// Seconds to wait before attempt number `attempt + 1`, after attempt `attempt` failed
    /// with a response carrying `retryAfter` (the header's text, if any).
    func delay(after attempt: Int, retryAfter: String?, now: Date = Date()) -> Double {
        if let retryAfter, let seconds = Self.seconds(inRetryAfter: retryAfter, now: now) {
            return min(max(seconds, 0), Self.longestRetryAfter)
        }
        return retryDelay * Double(1 << min(attempt - 1, 20))
    }

    /// A `Retry-After` value in seconds: delay-seconds, or an HTTP date (RFC 9110: IMF-fixdate,
    /// or the obsolete RFC 850 and asctime forms) from `now`.
    static func seconds(inRetryAfter text: String, now: Date) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return Double(seconds) }
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date.timeIntervalSince(now) }
        }
        return nil
    }
}
