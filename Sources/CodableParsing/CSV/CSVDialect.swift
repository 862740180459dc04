/// The two tabular formats: CSV (RFC 4180, comma-separated) and TSV (the same rules with a tab
/// as the delimiter: fields holding a tab, a quote or a line break are quoted, quotes doubled).
public enum CSVDialect: String, Sendable, CaseIterable {
    /// Comma-separated values.
    case csv
    /// Tab-separated values.
    case tsv

    /// The byte between fields.
    public var delimiter: UInt8 {
        switch self {
        case .csv: return UInt8(ascii: ",")
        case .tsv: return 0x09
        }
    }
}

/// How a cell's text is typed: shared by the reader (which types unquoted cells) and the writer
/// (which quotes the strings that an unquoted cell would give back as something else).
///
/// An unquoted cell is a number when it follows RFC 8259's number grammar (its text is kept
/// exactly), `true`, `false` or `null` when it is exactly that word, and a string otherwise.
/// A quoted cell is always a string.
enum CSVCell {
    /// True when `bytes[0..<count]` would be read back as a number, boolean or null if written
    /// unquoted.
    @inline(__always)
    static func looksTyped(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard count > 0 else { return false }
        switch bytes[0] {
        case UInt8(ascii: "t"):
            return count == 4 && bytes[1] == UInt8(ascii: "r") && bytes[2] == UInt8(ascii: "u")
                && bytes[3] == UInt8(ascii: "e")
        case UInt8(ascii: "f"):
            return count == 5 && bytes[1] == UInt8(ascii: "a") && bytes[2] == UInt8(ascii: "l")
                && bytes[3] == UInt8(ascii: "s") && bytes[4] == UInt8(ascii: "e")
        case UInt8(ascii: "n"):
            return count == 4 && bytes[1] == UInt8(ascii: "u") && bytes[2] == UInt8(ascii: "l")
                && bytes[3] == UInt8(ascii: "l")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return isNumber(bytes, count: count)
        default: return false
        }
    }

    /// The literal an unquoted cell spells, if any.
    @inline(__always)
    static func literal(_ bytes: UnsafePointer<UInt8>, count: Int) -> JSONNode.Kind? {
        guard count >= 4 && count <= 5 && looksTyped(bytes, count: count) else { return nil }
        switch bytes[0] {
        case UInt8(ascii: "t"): return .true
        case UInt8(ascii: "f"): return .false
        case UInt8(ascii: "n"): return .null
        default: return nil
        }
    }

    /// RFC 8259's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isNumber(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        var index = 0
        @inline(__always) func isDigit(_ at: Int) -> Bool { at < count && bytes[at] &- UInt8(ascii: "0") < 10 }
        if bytes[0] == UInt8(ascii: "-") { index = 1 }
        guard isDigit(index) else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        if index < count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        return index == count
    }
}
