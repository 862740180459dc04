import CodableModels
import CodableParsing

/// Numbers as `JSONDecoder` reads them from their JSON text, and as `JSONEncoder` writes them.
enum NumberText {
    /// An integer field's value: the exact integer for plain digits, else the `Double` the text
    /// denotes when it is a whole number (`1.0`, `1e2`, `100e-2`); nil when it does not fit
    /// `type` (the "does not fit" error).
    static func integer(_ token: UnsafeBufferPointer<UInt8>, as type: IntegerType) -> (
        negative: Bool, magnitude: UInt64
    )? {
        var index = 0
        let negative = token.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var magnitude: UInt64 = 0
        var plain = true
        while index < token.count {
            let byte = token[index]
            guard byte >= 0x30 && byte <= 0x39 else {
                plain = false
                break
            }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - 0x30))
            if overflow1 || overflow2 { return nil }
            magnitude = sum
            index += 1
        }
        if !plain {
            guard let value = Double(String(decoding: token, as: UTF8.self)), value.isFinite,
                value == value.rounded(.towardZero), value.magnitude < 18446744073709551616.0
            else { return nil }
            return fits(negative: value < 0, magnitude: UInt64(value.magnitude), type)
                ? (value < 0, UInt64(value.magnitude)) : nil
        }
        if magnitude == 0 { return (false, 0) }
        return fits(negative: negative, magnitude: magnitude, type) ? (negative, magnitude) : nil
    }

    private static func fits(negative: Bool, magnitude: UInt64, _ type: IntegerType) -> Bool {
        if magnitude == 0 { return true }
        if type.isSigned {
            let limit: UInt64 = 1 << UInt64(type.bitWidth - 1)
            return negative ? magnitude <= limit : magnitude < limit
        }
        if negative { return false }
        return type.bitWidth == 64 || magnitude < (1 << UInt64(type.bitWidth))
    }

    /// A `Double` field's value, nil when the text overflows to infinity or underflows to zero
    /// (as `JSONDecoder` refuses them).
    static func double(_ token: UnsafeBufferPointer<UInt8>) -> Double? {
        if let value = ExactDecimal.double(token) { return value }
        guard let value = Double(String(decoding: token, as: UTF8.self)), value.isFinite else { return nil }
        if value == 0 && hasNonZeroMantissa(token) { return nil }
        return value
    }

    /// A `Float` field's value, nil when it does not fit.
    static func float(_ token: UnsafeBufferPointer<UInt8>) -> Float? {
        guard let value = Float(String(decoding: token, as: UTF8.self)), value.isFinite else { return nil }
        if value == 0 && hasNonZeroMantissa(token) { return nil }
        return value
    }

    private static func hasNonZeroMantissa(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in token {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return true }
        }
        return false
    }

    /// How many leading bytes of the token are exactly the text `JSONEncoder` writes for the
    /// `Double` it denotes, or 0 when it must be computed. Plain integers of up to 15 digits,
    /// and decimals of up to 15 significant digits at least 0.1, once trailing fraction zeros
    /// (and a `.` left bare) are dropped: `100.0` -> `100`, `1.50` -> `1.5`, `-0.0` -> `-0`.
    /// Such text round-trips, so Swift's shortest description has the same digits.
    static func canonicalDoubleLength(_ token: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        if token.first == UInt8(ascii: "-") { index = 1 }
        let integerStart = index
        while index < token.count, token[index] >= 0x30, token[index] <= 0x39 { index += 1 }
        let integerDigits = index - integerStart
        guard integerDigits > 0, integerDigits <= 15 else { return 0 }
        let leadingZero = token[integerStart] == UInt8(ascii: "0")
        guard !leadingZero || integerDigits == 1 else { return 0 }
        let integerEnd = index
        if index == token.count { return token.count }
        guard token[index] == UInt8(ascii: ".") else { return 0 }
        index += 1
        let fractionStart = index
        var lastNonZero = -1
        while index < token.count, token[index] >= 0x30, token[index] <= 0x39 {
            if token[index] != UInt8(ascii: "0") { lastNonZero = index }
            index += 1
        }
        guard index == token.count, index > fractionStart else { return 0 }
        if lastNonZero < 0 { return integerEnd }  // all zeros: the integer
        let fractionDigits = lastNonZero + 1 - fractionStart
        if leadingZero {
            return token[fractionStart] != UInt8(ascii: "0") && fractionDigits <= 15 ? lastNonZero + 1 : 0
        }
        return integerDigits + fractionDigits <= 15 ? lastNonZero + 1 : 0
    }

    /// `JSONEncoder`'s text for a finite `Double` (Swift's description without `.0`).
    static func text(_ value: Double) -> String {
        let description = value.description
        return description.hasSuffix(".0") ? String(description.dropLast(2)) : description
    }

    /// `JSONEncoder`'s text for a finite `Float`.
    static func text(_ value: Float) -> String {
        let description = value.description
        return description.hasSuffix(".0") ? String(description.dropLast(2)) : description
    }
}
