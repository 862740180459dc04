/// Reads and writes JSON number text as `JSONDecoder`/`JSONEncoder` do for `Double`.
public enum JSONDouble {
    /// Parses RFC 8259 number text (`-0`, `1e3`, `730976400.0`) into the correctly rounded
    /// `Double`. Returns nil for text that is not a JSON number, and, like `JSONDecoder`, for
    /// numbers that overflow to infinity or underflow to zero (`1e400`, `1e-400`); subnormals
    /// are kept.
    public static func parse(_ text: String) -> Double? {
        guard isValidNumber(text.utf8) else { return nil }
        guard let value = Double(text), value.isFinite else { return nil }
        if value == 0, hasNonZeroMantissa(text.utf8) { return nil }
        return value
    }

    /// The text `JSONEncoder` writes for a finite `Double`: Swift's shortest round-trip
    /// `description`, without a trailing `.0` (`730976400`, `730976400.5`, `1e+20`, `-0`).
    /// Nil for NaN and infinities, which `JSONEncoder` refuses.
    public static func text(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        let description = value.description
        if description.hasSuffix(".0") {
            return String(description.dropLast(2))
        }
        return description
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    static func isValidNumber(_ utf8: String.UTF8View) -> Bool {
        var it = utf8.makeIterator()
        var c = it.next()
        if c == UInt8(ascii: "-") { c = it.next() }
        guard let first = c, ByteCursor.isDigit(first) else { return false }
        c = it.next()
        if first != UInt8(ascii: "0") {
            while let d = c, ByteCursor.isDigit(d) { c = it.next() }
        }
        if c == UInt8(ascii: ".") {
            c = it.next()
            guard let d = c, ByteCursor.isDigit(d) else { return false }
            while let d = c, ByteCursor.isDigit(d) { c = it.next() }
        }
        if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            c = it.next()
            if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") { c = it.next() }
            guard let d = c, ByteCursor.isDigit(d) else { return false }
            while let d = c, ByteCursor.isDigit(d) { c = it.next() }
        }
        return c == nil
    }

    /// Whether a digit before the exponent is not zero.
    private static func hasNonZeroMantissa(_ utf8: String.UTF8View) -> Bool {
        for byte in utf8 {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return true }
        }
        return false
    }
}
