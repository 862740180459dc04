/// A set of Unicode scalars as ranges, with a bitmap for ASCII: one step of `ThompsonRegex`.
struct ScalarSet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    /// Ranges at or above U+0080.
    private var ranges: [ClosedRange<UInt32>] = []
    var negated = false

    mutating func insert(_ range: ClosedRange<UInt32>) {
        var value = range.lowerBound
        while value <= min(range.upperBound, 127) {
            if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
            value += 1
        }
        if range.upperBound >= 128 { ranges.append(max(range.lowerBound, 128)...range.upperBound) }
    }

    mutating func insert(_ other: ScalarSet) {
        precondition(!other.negated)
        low |= other.low
        high |= other.high
        ranges += other.ranges
    }

    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
        let inside: Bool
        if value < 64 {
            inside = low & (1 << UInt64(value)) != 0
        } else if value < 128 {
            inside = high & (1 << UInt64(value - 64)) != 0
        } else {
            inside = ranges.contains { $0.contains(value) }
        }
        return inside != negated
    }

    static func of(_ ranges: [ClosedRange<UInt32>], negated: Bool = false) -> ScalarSet {
        var set = ScalarSet()
        for range in ranges { set.insert(range) }
        set.negated = negated
        return set
    }

    /// ECMA-262 `\d`, `\w`, `\s` (ASCII digits and word characters; Unicode white space and
    /// line terminators).
    static let digits = of([48...57])
    static let word = of([48...57, 65...90, 95...95, 97...122])
    static let space = of([
        9...13, 32...32, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
        0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ])
    /// `.`: anything but a line terminator.
    static let dot = of([10...10, 13...13, 0x2028...0x2029], negated: true)
}
