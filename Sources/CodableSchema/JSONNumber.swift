/// A JSON number's exact decimal value: `digits × 10^exponent`, digits without leading or
/// trailing zeros (zero has no digits). Compares and divides exactly, whatever the size, so
/// `1` equals `1.0` and `1e400` is not infinity.
struct JSONNumber: Sendable, Equatable {
    var negative: Bool
    /// Significant decimal digits (values 0...9), most significant first.
    var digits: [UInt8]
    var exponent: Int

    /// Parses a number token the JSON scanner accepted.
    init(token: UnsafeBufferPointer<UInt8>) {
        var index = 0
        negative = token.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var digits: [UInt8] = []
        var exponent = 0
        var fraction = false
        while index < token.count {
            let byte = token[index]
            if byte == UInt8(ascii: ".") {
                fraction = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte - UInt8(ascii: "0")) }
                if fraction { exponent -= 1 }
            } else {
                break  // 'e' or 'E'
            }
            index += 1
        }
        if index < token.count {
            index += 1
            var exponentNegative = false
            if token[index] == UInt8(ascii: "-") || token[index] == UInt8(ascii: "+") {
                exponentNegative = token[index] == UInt8(ascii: "-")
                index += 1
            }
            var value = 0
            while index < token.count {
                value = min(value &* 10 &+ Int(token[index] - UInt8(ascii: "0")), 1 << 40)
                index += 1
            }
            exponent += exponentNegative ? -value : value
        }
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty {
            exponent = 0
            negative = false
        }
        self.digits = digits
        self.exponent = exponent
    }

    /// Parses a number token given as bytes.
    init(_ token: [UInt8]) {
        self = token.withUnsafeBufferPointer { JSONNumber(token: $0) }
    }

    /// The value is a whole number.
    var isInteger: Bool { exponent >= 0 }

    var isZero: Bool { digits.isEmpty }

    /// The nearest Double (for messages and the rare fallback).
    var doubleValue: Double {
        var text = negative ? "-" : ""
        text += digits.isEmpty ? "0" : digits.map { String($0) }.joined()
        text += "e\(exponent)"
        return Double(text) ?? 0
    }

    /// -1, 0 or 1 as `self` is below, equal to or above `other`.
    func compare(_ other: JSONNumber) -> Int {
        if negative != other.negative { return negative ? -1 : 1 }
        let magnitude = Self.compareMagnitude(self, other)
        return negative ? -magnitude : magnitude
    }

    private static func compareMagnitude(_ a: JSONNumber, _ b: JSONNumber) -> Int {
        if a.digits.isEmpty || b.digits.isEmpty {
            return a.digits.isEmpty ? (b.digits.isEmpty ? 0 : -1) : 1
        }
        let aLead = a.digits.count + a.exponent
        let bLead = b.digits.count + b.exponent
        if aLead != bLead { return aLead < bLead ? -1 : 1 }
        for index in 0..<max(a.digits.count, b.digits.count) {
            let x = index < a.digits.count ? a.digits[index] : 0
            let y = index < b.digits.count ? b.digits[index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    /// `self` is an integer multiple of `divisor` (which is positive), exactly.
    func isMultiple(of divisor: JSONNumber) -> Bool {
        if digits.isEmpty { return true }
        if exponent < divisor.exponent { return false }  // digits end in a non-zero below the divisor's last digit
        guard divisor.digits.count <= 19 else {
            let quotient = doubleValue / divisor.doubleValue
            return quotient.isFinite && quotient == quotient.rounded()
        }
        var modulus: UInt64 = 0
        for digit in divisor.digits { modulus = modulus * 10 + UInt64(digit) }
        if modulus == 1 { return true }
        var remainder: UInt64 = 0
        for digit in digits {
            remainder = Self.multiplyMod(remainder, 10, modulus) &+ UInt64(digit) % modulus
            remainder %= modulus
        }
        // remainder × 10^(exponent difference) mod modulus, by squaring.
        var power = exponent - divisor.exponent
        var base: UInt64 = 10 % modulus
        var scale: UInt64 = 1 % modulus
        while power > 0 {
            if power & 1 == 1 { scale = Self.multiplyMod(scale, base, modulus) }
            base = Self.multiplyMod(base, base, modulus)
            power >>= 1
        }
        return Self.multiplyMod(remainder, scale, modulus) == 0
    }

    private static func multiplyMod(_ a: UInt64, _ b: UInt64, _ m: UInt64) -> UInt64 {
        m.dividingFullWidth(a.multipliedFullWidth(by: b)).remainder
    }

    /// Fast exact reading of short tokens: an integer of at most 18 digits, or nil.
    @inline(__always)
    static func smallInteger(_ token: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        let negative = token[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        // 18 digits always fit; 19 may not (9223372036854775808 would wrap around).
        guard token.count - index <= 18 else { return nil }
        var value: Int64 = 0
        guard index < token.count else { return nil }
        while index < token.count {
            let digit = token[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int64(digit)
            index += 1
        }
        return negative ? -value : value
    }

}
