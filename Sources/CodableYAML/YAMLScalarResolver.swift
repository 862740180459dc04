/// What a plain scalar (or a tagged one) means under a YAML schema, and the JSON text of its
/// number when it is one.
struct YAMLScalarResolver {
    /// The outcome of resolving a scalar.
    enum Resolution: Equatable {
        case null, `true`, `false`, string
        /// A number; its JSON text is in `number`.
        case number
        /// `.inf`, `-.inf`, `.nan`: JSON has no such numbers.
        case nonFinite
        /// A hex, octal, binary or sexagesimal integer beyond 64 bits.
        case tooLarge
        /// A tagged scalar whose text is not of the tag's type.
        case mismatch
    }

    /// The schema in force.
    let version: YAMLVersion
    /// JSON text of the last number resolved.
    private(set) var number: [UInt8] = []

    init(version: YAMLVersion) {
        self.version = version
        number.reserveCapacity(64)
    }

    /// Resolves an untagged plain scalar.
    mutating func resolvePlain(_ text: UnsafeBufferPointer<UInt8>) -> Resolution {
        guard let first = text.first else { return .null }
        // Only these first bytes can start a null, a boolean or a number.
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            let result = resolveNumber(text)
            return result == .mismatch ? .string : result
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"):
            if isNull(text) { return .null }
            return resolveBool(text) ?? .string
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"),
            UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "o"), UInt8(ascii: "O"):
            return resolveBool(text) ?? .string
        default:
            return .string
        }
    }

    /// Resolves a scalar tagged `!!null`, `!!bool`, `!!int` or `!!float`.
    mutating func resolve(_ text: UnsafeBufferPointer<UInt8>, as tag: YAMLTag) -> Resolution {
        switch tag {
        case .null: return isNull(text) ? .null : .mismatch
        case .bool: return resolveBool(text) ?? .mismatch
        case .int:
            let result = resolveNumber(text)
            return result == .number && isIntegerText(number) || result == .tooLarge ? result : .mismatch
        case .float: return resolveNumber(text)
        default: return .string
        }
    }

    // MARK: Null and booleans

    func isNull(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.isEmpty || matches(text, "~") || matches(text, "null") || matches(text, "Null") || matches(text, "NULL")
    }

    func resolveBool(_ text: UnsafeBufferPointer<UInt8>) -> Resolution? {
        for word: StaticString in ["true", "True", "TRUE"] where matches(text, word) { return .true }
        for word: StaticString in ["false", "False", "FALSE"] where matches(text, word) { return .false }
        guard version == .v1_1 else { return nil }
        for word: StaticString in ["y", "Y", "yes", "Yes", "YES", "on", "On", "ON"] where matches(text, word) {
            return .true
        }
        for word: StaticString in ["n", "N", "no", "No", "NO", "off", "Off", "OFF"] where matches(text, word) {
            return .false
        }
        return nil
    }

    private func matches(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard text.count == word.utf8CodeUnitCount else { return false }
        for index in 0..<text.count where text[index] != word.utf8Start[index] { return false }
        return true
    }

    private func isIntegerText(_ json: [UInt8]) -> Bool {
        !json.contains(UInt8(ascii: ".")) && !json.contains(UInt8(ascii: "e")) && !json.contains(UInt8(ascii: "E"))
    }

    // MARK: Numbers

    /// A number in the schema's forms, its JSON text left in `number`.
    private mutating func resolveNumber(_ text: UnsafeBufferPointer<UInt8>) -> Resolution {
        number.removeAll(keepingCapacity: true)
        guard !text.isEmpty else { return .mismatch }  // `!!int ""`: no number at all
        if Self.isJSONNumber(text) {  // the common case: kept exactly as written
            number.append(contentsOf: text)
            return .number
        }
        var index = 0
        var negative = false
        if text[0] == UInt8(ascii: "-") || text[0] == UInt8(ascii: "+") {
            negative = text[0] == UInt8(ascii: "-")
            index = 1
        }
        guard index < text.count else { return .mismatch }  // a sign alone
        let body = UnsafeBufferPointer(rebasing: text[index...])
        if isSpecial(body, ".inf", ".Inf", ".INF") { return .nonFinite }
        if index == 0 && isSpecial(body, ".nan", ".NaN", ".NAN") { return .nonFinite }
        // Radix integers: 0o17 and 0x1F (1.2, unsigned), and in 1.1 signed 0x, 0b, 017, sexagesimal.
        if body.count > 2 && body[0] == UInt8(ascii: "0") {
            let marker = body[1]
            let allowSign = version == .v1_1
            if (marker == UInt8(ascii: "x") || marker == UInt8(ascii: "o")) && (index == 0 || allowSign)
                || (marker == UInt8(ascii: "b") && version == .v1_1)
            {
                let radix: UInt64 = marker == UInt8(ascii: "x") ? 16 : marker == UInt8(ascii: "o") ? 8 : 2
                return radixInteger(UnsafeBufferPointer(rebasing: body[2...]), radix: radix, negative: negative)
            }
        }
        if version == .v1_1 {
            if body.count > 1 && body[0] == UInt8(ascii: "0")
                && body.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "7")) || $0 == UInt8(ascii: "_") })
            {
                return radixInteger(UnsafeBufferPointer(rebasing: body[1...]), radix: 8, negative: negative)
            }
            if body.contains(UInt8(ascii: ":")) { return sexagesimal(body, negative: negative) }
        }
        return decimal(body, negative: negative)
    }

    /// RFC 8259's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?`.
    static func isJSONNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = text.count
        @inline(__always) func digits() -> Int {
            let start = index
            while index < count && text[index] >= UInt8(ascii: "0") && text[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        if index < count && text[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count else { return false }
        if text[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < count && text[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < count && (text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E")) {
            index += 1
            if index < count && (text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-")) { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == count
    }

    private func isSpecial(_ body: UnsafeBufferPointer<UInt8>, _ a: StaticString, _ b: StaticString, _ c: StaticString)
        -> Bool
    {
        matches(body, a) || matches(body, b) || matches(body, c)
    }

    /// `[0-9]+(.[0-9]*)?([eE][-+]?[0-9]+)?` or `.[0-9]+(...)` (with `_` between digits in 1.1),
    /// written as JSON: no `+`, no leading zeros, a digit on both sides of the point.
    private mutating func decimal(_ body: UnsafeBufferPointer<UInt8>, negative: Bool) -> Resolution {
        let underscores = version == .v1_1
        var index = 0
        var integer: [UInt8] = []
        while index < body.count,
            isDigit(body[index]) || (underscores && body[index] == UInt8(ascii: "_") && !integer.isEmpty)
        {
            if body[index] != UInt8(ascii: "_") { integer.append(body[index]) }
            index += 1
        }
        var fraction: [UInt8]?
        if index < body.count && body[index] == UInt8(ascii: ".") {
            index += 1
            var digits: [UInt8] = []
            while index < body.count, isDigit(body[index]) || (underscores && body[index] == UInt8(ascii: "_")) {
                if body[index] != UInt8(ascii: "_") { digits.append(body[index]) }
                index += 1
            }
            fraction = digits
        }
        guard !integer.isEmpty || !(fraction ?? []).isEmpty else { return .mismatch }
        var exponent: [UInt8] = []
        if index < body.count && (body[index] == UInt8(ascii: "e") || body[index] == UInt8(ascii: "E")) {
            exponent.append(body[index])
            index += 1
            if index < body.count && (body[index] == UInt8(ascii: "-") || body[index] == UInt8(ascii: "+")) {
                exponent.append(body[index])
                index += 1
            }
            let digitsStart = exponent.count
            while index < body.count && isDigit(body[index]) {
                exponent.append(body[index])
                index += 1
            }
            guard exponent.count > digitsStart else { return .mismatch }
        }
        guard index == body.count else { return .mismatch }
        if negative { number.append(UInt8(ascii: "-")) }
        var firstSignificant = 0
        while firstSignificant < integer.count - 1 && integer[firstSignificant] == UInt8(ascii: "0") {
            firstSignificant += 1
        }
        if integer.isEmpty {
            number.append(UInt8(ascii: "0"))
        } else {
            number.append(contentsOf: integer[firstSignificant...])
        }
        if let fraction {
            number.append(UInt8(ascii: "."))
            if fraction.isEmpty { number.append(UInt8(ascii: "0")) } else { number.append(contentsOf: fraction) }
        }
        number.append(contentsOf: exponent)
        return .number
    }

    /// Digits (and `_` in 1.1) in `radix`, written as a decimal JSON integer.
    private mutating func radixInteger(_ digits: UnsafeBufferPointer<UInt8>, radix: UInt64, negative: Bool)
        -> Resolution
    {
        var value: UInt64 = 0
        var sawDigit = false
        for byte in digits {
            if byte == UInt8(ascii: "_") && version == .v1_1 { continue }
            guard let digit = hexValue(byte), UInt64(digit) < radix else { return .mismatch }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            let (sum, overflow2) = shifted.addingReportingOverflow(UInt64(digit))
            if overflow || overflow2 { return .tooLarge }
            value = sum
            sawDigit = true
        }
        guard sawDigit else { return .mismatch }
        appendInteger(value, negative: negative)
        return .number
    }

    /// 1.1 base 60: `190:20:30` is 685230.
    private mutating func sexagesimal(_ body: UnsafeBufferPointer<UInt8>, negative: Bool) -> Resolution {
        var value: UInt64 = 0
        var part: UInt64 = 0
        var partDigits = 0
        var parts = 0
        for (position, byte) in body.enumerated() {
            if byte == UInt8(ascii: ":") || position == body.count - 1 && isDigit(byte) {
                if byte != UInt8(ascii: ":") {
                    part = part * 10 + UInt64(byte - UInt8(ascii: "0"))
                    partDigits += 1
                }
                guard partDigits > 0, parts == 0 || part < 60 else { return .mismatch }
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 60)
                if overflow { return .tooLarge }
                value = shifted + part
                parts += 1
                part = 0
                partDigits = 0
                if byte == UInt8(ascii: ":") && position == body.count - 1 { return .mismatch }
            } else if isDigit(byte) {
                part = part &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                partDigits += 1
                if part > UInt64(UInt32.max) { return .tooLarge }
            } else if byte != UInt8(ascii: "_") {
                return .mismatch
            }
        }
        guard parts > 1, body[0] != UInt8(ascii: "0") else { return .mismatch }
        appendInteger(value, negative: negative)
        return .number
    }

    private mutating func appendInteger(_ value: UInt64, negative: Bool) {
        if negative && value != 0 { number.append(UInt8(ascii: "-")) }
        number.append(contentsOf: Array(String(value).utf8))
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
