/// Calendar arithmetic on Julian day numbers, reproducing Foundation's Gregorian calendar exactly.
///
/// Foundation's `Calendar(identifier: .gregorian)` / `.iso8601` is *not* proleptic: dates before
/// the Gregorian cutover (1582-10-15) are computed in the Julian calendar. Year numbers are
/// astronomical (year 0 is 1 BC). The arithmetic below is the civil-from-days / days-from-civil
/// method of E. G. Richards (Explanatory Supplement to the Astronomical Almanac, ch. 15), in
/// integers only, so results match Foundation to the second.
enum CivilCalendar {
    /// Julian day number (noon-based) of 1582-10-15, the first Gregorian day.
    static let julianCutoverDay = 2_299_161
    /// `timeIntervalSinceReferenceDate` of 1582-10-15T00:00:00Z.
    static let gregorianStartInterval: Double = -13_197_600_000
    /// The Julian day whose midnight is the reference date (2001-01-01T00:00:00Z), plus one half.
    static let julianDayAtReference = 2_451_911

    /// Julian day number of a date given as year, month (1...12) and day (may exceed the
    /// month's length: it then rolls into the next month, as Foundation does).
    /// Returns nil on overflow.
    static func julianDay(year: Int, month: Int, day: Int, julian: Bool) -> Int? {
        let (shifted, overflow) = year.addingReportingOverflow(4716)
        if overflow { return nil }
        let h = month - 2
        let g = shifted - (12 - h) / 12
        let f = (h - 1 + 12) % 12
        let (pg, overflow2) = 1461.multipliedReportingOverflow(by: g)
        if overflow2 { return nil }
        let e = pg / 4 + day - 1 - 1401
        let j = e + (153 * f + 2) / 5
        if julian { return j }
        return j - (3 * ((g + 184) / 100)) / 4 + 38
    }

    /// Julian day number of a date, choosing the Julian calendar before the cutover exactly as
    /// Foundation does (compute as Gregorian; if that lands before the cutover, recompute as Julian).
    static func foundationJulianDay(year: Int, month: Int, day: Int) -> Int? {
        guard let gregorian = julianDay(year: year, month: month, day: day, julian: false) else { return nil }
        if gregorian >= julianCutoverDay { return gregorian }
        return julianDay(year: year, month: month, day: day, julian: true)
    }

    /// Year (astronomical), month and day of a Julian day number.
    static func civil(fromJulianDay jd: Int, julian: Bool) -> (year: Int, month: Int, day: Int) {
        var f = jd + 1401
        if !julian {
            f += (((4 * jd + 274_277) / 146_097) * 3) / 4 - 38
        }
        let e = 4 * f + 3
        let g = floorMod(e, 1461) / 4
        let h = 5 * g + 2
        let day = floorDiv(h % 153, 5) + 1
        let month = (floorDiv(h, 153) + 2) % 12 + 1
        let year = floorDiv(e, 1461) - 4716 + (12 + 2 - month) / 12
        return (year, month, day)
    }

    /// `timeIntervalSinceReferenceDate` of a wall-clock time, accumulated in `Double` in the same
    /// order as Foundation's `Calendar.date(from:)`, so the result is bit-for-bit identical.
    static func interval(
        julianDay: Int, hour: Int, minute: Int, second: Int,
        nanosecond: Int, offsetSeconds: Int
    ) -> Double {
        var secondsInDay = 0.0
        secondsInDay += Double(hour) * 3600.0
        secondsInDay += Double(minute) * 60.0
        secondsInDay += Double(second)
        secondsInDay += Double(nanosecond) / 1_000_000_000.0
        var t = (Double(julianDay) - 2_451_910.5) * 86400
        t = t - 43200
        t = t + secondsInDay
        t = t - Double(offsetSeconds)
        return t
    }

    @inline(__always)
    static func floorDiv(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : ((a + 1) / b) - 1
    }

    @inline(__always)
    static func floorMod(_ a: Int, _ b: Int) -> Int {
        let r = a % b
        return r >= 0 ? r : r + b
    }
}
