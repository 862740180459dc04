import Foundation

/// When a server's rate limit lets the next request go: after an answer with
/// `X-RateLimit-Remaining: 0`, not before its `X-RateLimit-Reset` (epoch seconds, or seconds to
/// wait when below 1 000 000 000, as some APIs send it). Shared by the requests of one loader.
actor RateLimitGate {
    private var notBefore: Date?

    /// Notes the rate-limit headers of an answer received at `now`.
    func record(remaining: String?, reset: String?, now: Date = Date()) {
        guard let remaining, Int(remaining.trimmingCharacters(in: .whitespaces)) == 0,
            let reset, let value = Double(reset.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0
        else {
            notBefore = nil
            return
        }
        notBefore = value >= 1_000_000_000 ? Date(timeIntervalSince1970: value) : now.addingTimeInterval(value)
    }

    /// Seconds to wait from `now` before the next request (0 when it may go at once).
    func secondsToWait(now: Date = Date()) -> Double {
        guard let notBefore else { return 0 }
        return max(0, notBefore.timeIntervalSince(now))
    }
}
