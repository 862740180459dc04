/// The `Double` of a plain JSON decimal computed without text conversion (Clinger's fast
/// path): `-12.625`, `0.000125`, with no exponent, at most 15 significant digits and at most
/// 22 digits after the point. Its digits as an integer and the power of ten it is divided by
/// are both exact `Double`s, so the one division rounds correctly: the same value
/// `Double(String)` parses. Nil for any other token (an exponent, more digits), which takes
/// the slow path.
public enum ExactDecimal {
    /// `token`'s value, or nil when it is not such a decimal. `token` is a JSON number.
    @inlinable @inline(__always)
    public static func double(_ token: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = token.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: Int64 = 0
        var significantDigits = 0
        var digits = 0
        var scale = 0
        var fraction = false
        while index < token.count {
            let byte = token[index]
            if byte == UInt8(ascii: ".") && !fraction {
                fraction = true
            } else {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }  // an exponent: the slow path
                if mantissa != 0 || digit != 0 { significantDigits += 1 }
                guard significantDigits <= 15 else { return nil }
                mantissa = mantissa &* 10 &+ Int64(digit)
                digits += 1
                if fraction { scale += 1 }
            }
            index += 1
        }
        guard digits > 0, scale <= 22 else { return nil }
        let magnitude = Double(mantissa) / powersOfTen[scale]
        return negative ? -magnitude : magnitude
    }

    /// 10^0 through 10^22, each exact in a `Double`.
    @usableFromInline static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]
}
