/// A JSON number compared exactly, from its text: `0.1`, `1e-1` and `0.10` are equal, and
/// `9007199254740993` is greater than `9007199254740992` (which `Double` would call equal).
///
/// Held as sign, significant digits (no leading or trailing zeros) and the decimal exponent of
/// the point before the first digit: value = ±0.d₁d₂…dₙ × 10^exponent. Zero has no digits.
struct ExactNumber: Comparable, Hashable, Sendable {
    let negative: Bool
    let digits: [UInt8]
    let exponent: Int

    /// Reads JSON number text (as the scanner accepted it); nil for anything else.
    init?<Bytes: Collection>(text: Bytes) where Bytes.Element == UInt8 {
        var iterator = text.makeIterator()
        var byte = iterator.next()
        var negative = false
        if byte == UInt8(ascii: "-") {
            negative = true
            byte = iterator.next()
        }
        var digits: [UInt8] = []
        var pointPosition = 0  // digits before the point, counted among kept digits
        var sawDigit = false
        var afterPoint = false
        var leadingZerosAfterPoint = 0
        while let current = byte {
            if current >= UInt8(ascii: "0") && current <= UInt8(ascii: "9") {
                sawDigit = true
                if digits.isEmpty && current == UInt8(ascii: "0") {
                    if afterPoint { leadingZerosAfterPoint += 1 }
                } else {
                    digits.append(current)
                    if !afterPoint { pointPosition += 1 }
                }
            } else if current == UInt8(ascii: ".") && !afterPoint {
                afterPoint = true
            } else {
                break
            }
            byte = iterator.next()
        }
        guard sawDigit else { return nil }
        var exponent = 0
        if let marker = byte {
            guard marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") else { return nil }
            byte = iterator.next()
            var exponentNegative = false
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
                exponentNegative = byte == UInt8(ascii: "-")
                byte = iterator.next()
            }
            guard byte != nil else { return nil }
            while let current = byte {
                guard current >= UInt8(ascii: "0") && current <= UInt8(ascii: "9") else { return nil }
                exponent = min(exponent * 10 + Int(current - UInt8(ascii: "0")), 1 << 40)  // saturates
                byte = iterator.next()
            }
            if exponentNegative { exponent = -exponent }
        }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        self.digits = digits
        self.negative = negative && !digits.isEmpty
        self.exponent = digits.isEmpty ? 0 : pointPosition - leadingZerosAfterPoint + exponent
    }

    /// Integer-valued (`3`, `3.0`, `3e2`), for `len` comparisons and the like.
    init(_ value: Int) {
        self.init(text: Array(String(value).utf8))!
    }

    static func < (lhs: ExactNumber, rhs: ExactNumber) -> Bool {
        if lhs.negative != rhs.negative { return lhs.negative }
        let magnitudeLess = Self.magnitudeLess(lhs, rhs)
        let magnitudeGreater = Self.magnitudeLess(rhs, lhs)
        return lhs.negative ? magnitudeGreater : magnitudeLess
    }

    private static func magnitudeLess(_ lhs: ExactNumber, _ rhs: ExactNumber) -> Bool {
        if lhs.digits.isEmpty || rhs.digits.isEmpty { return lhs.digits.isEmpty && !rhs.digits.isEmpty }
        if lhs.exponent != rhs.exponent { return lhs.exponent < rhs.exponent }
        return lhs.digits.lexicographicallyPrecedes(rhs.digits)
    }
}
