import Foundation

/// Writes an instant as RFC 3339 text: `yyyy-MM-ddTHH:mm:ss[.f…]Z`, uppercase `T`, `Z`, UTC.
///
/// For whole seconds the output is byte-for-byte what `JSONEncoder`'s `.iso8601` strategy writes
/// (`Date.ISO8601FormatStyle()`), including Foundation's calendar: dates before 1582-10-15 are
/// Julian-calendar dates, year 0 is 1 BC, negative years are written `-0001`, years past 9999 in
/// full. Unlike `JSONEncoder` (which silently drops them), fractional seconds are kept: the
/// shortest fraction of 1 to 9 digits that parses back to the identical `Date`, so
/// `730976400.5` is written `2024-03-01T09:00:00.5Z`.
public enum ISO8601Formatter {
    /// The instants Foundation can represent in its calendar (`Calendar`'s valid range);
    /// Foundation clamps instants outside it, `codable` refuses them.
    public static let supportedIntervals: ClosedRange<Double> = -211_845_067_200...15_927_175_497_600

    /// The most bytes `write(interval:to:)` writes.
    public static let maximumLength = 40

    /// Formats seconds since 2001-01-01T00:00:00Z; nil when not finite or outside
    /// `supportedIntervals`.
    public static func string(fromInterval t: Double) -> String? {
        guard t.isFinite, supportedIntervals.contains(t) else { return nil }
        return String(unsafeUninitializedCapacity: maximumLength) { buffer in
            write(interval: t, to: buffer.baseAddress!)
        }
    }

    /// Writes seconds since 2001-01-01T00:00:00Z as RFC 3339 text into `output` (room for
    /// `maximumLength` bytes), without allocating; returns the number of bytes written. The
    /// interval must be finite and within `supportedIntervals`.
    public static func write(interval t: Double, to output: UnsafeMutablePointer<UInt8>) -> Int {
        precondition(t.isFinite && supportedIntervals.contains(t), "interval outside the supported range")
        let floored = t.rounded(.down)
        let seconds = Int(floored)
        let fraction = t - floored
        let days = CivilCalendar.floorDiv(seconds, 86400)
        let secondOfDay = seconds - days * 86400
        let jd = days + CivilCalendar.julianDayAtReference
        let julian = t < CivilCalendar.gregorianStartInterval
        let (year, month, day) = CivilCalendar.civil(fromJulianDay: jd, julian: julian)
        let hour = secondOfDay / 3600
        let minute = secondOfDay % 3600 / 60
        let second = secondOfDay % 60
        let (nanos, digits) =
            fraction == 0
            ? (0, 0)
            : shortestFraction(t, fraction: fraction, julianDay: jd, hour: hour, minute: minute, second: second)

        var out = DigitWriter(output)
        if year < 0 { out.put(UInt8(ascii: "-")) }
        out.put(abs(year), width: 4)
        out.put(UInt8(ascii: "-"))
        out.put(month, width: 2)
        out.put(UInt8(ascii: "-"))
        out.put(day, width: 2)
        out.put(UInt8(ascii: "T"))
        out.put(hour, width: 2)
        out.put(UInt8(ascii: ":"))
        out.put(minute, width: 2)
        out.put(UInt8(ascii: ":"))
        out.put(second, width: 2)
        if digits > 0 {
            out.put(UInt8(ascii: "."))
            out.put(nanos, width: digits)
        }
        out.put(UInt8(ascii: "Z"))
        return out.count
    }

    /// Formats a date; nil when outside `supportedIntervals`.
    public static func string(from date: Date) -> String? {
        string(fromInterval: date.timeIntervalSinceReferenceDate)
    }

    /// The shortest decimal fraction (value, digit count) that Foundation's parser maps back to
    /// exactly `t`; falls back to 9 digits (never drops the fraction).
    private static func shortestFraction(
        _ t: Double, fraction: Double, julianDay: Int,
        hour: Int, minute: Int, second: Int
    ) -> (Int, Int) {
        var scale = 1
        for count in 1...9 {
            scale *= 10
            let candidate = Int((fraction * Double(scale)).rounded())
            if candidate == 0 || candidate >= scale { continue }
            let nanos = candidate * (1_000_000_000 / scale)
            let back = CivilCalendar.interval(
                julianDay: julianDay, hour: hour, minute: minute,
                second: second, nanosecond: nanos, offsetSeconds: 0)
            if back == t { return (candidate, count) }
        }
        let nanos = min(Int((fraction * 1e9).rounded()), 999_999_999)
        return (max(nanos, 1), 9)
    }
}

/// Appends ASCII bytes and zero-padded decimals at a raw pointer (no closures, so no
/// exclusivity checks on the hot path).
private struct DigitWriter {
    let base: UnsafeMutablePointer<UInt8>
    var count = 0

    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    mutating func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// `value` (not negative) in decimal, left-padded with zeros to `width` digits.
    mutating func put(_ value: Int, width: Int) {
        if width == 2 && value < 100 {  // month, day, hour, minute, second: no loop, one division
            base[count] = UInt8(truncatingIfNeeded: value / 10) &+ UInt8(ascii: "0")
            base[count + 1] = UInt8(truncatingIfNeeded: value % 10) &+ UInt8(ascii: "0")
            count += 2
            return
        }
        var length = 1
        var scale = 10
        while scale <= value && length < 19 {
            scale &*= 10
            length += 1
        }
        length = max(length, width)
        var v = value
        var position = count + length
        count = position
        while position > count - length {
            position -= 1
            base[position] = UInt8(truncatingIfNeeded: v % 10) &+ UInt8(ascii: "0")
            v /= 10
        }
    }
}
