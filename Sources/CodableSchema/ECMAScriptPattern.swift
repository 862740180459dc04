/// The syntax of an ECMA-262 regular expression pattern, checked on its own, whatever engine
/// later runs it: `format: "regex"` asks only this, and `pattern` asks it before `SchemaRegex`
/// hands the pattern to ICU.
///
/// The grammar is ECMA-262's `Pattern` with the `u` flag (as ajv compiles patterns, and as
/// `\p{...}` needs): lookbehind of any width, named groups and `\k<name>`, `\u{...}`, `[]` and
/// `[^]`, `\cX`; no Annex B leniency (`\a`, a lone `{` or `]`, a quantified lookahead, a
/// backreference to a group that does not exist are errors), no inline flags (`(?i)`), no
/// comments (`(?#...)`), no Python groups (`(?P<n>...)`). Property escapes accept the
/// General_Category values and binary properties ECMA-262 lists, exactly spelled;
/// `Script=`/`Script_Extensions=` values are checked for their shape only.
struct ECMAScriptPattern {
    /// Why a pattern is not ECMA-262, and where (an offset in Unicode scalars).
    struct SyntaxError: Error, Equatable {
        /// What is wrong, for a person (`nothing to repeat`).
        var reason: String
        /// 0-based offset, in Unicode scalars, of the offending character.
        var offset: Int
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var captureCount = 0
    private var groupNames: Set<String> = []
    private var namedReferences: [(String, Int)] = []
    private var highestBackreference = (0, 0)
    private var depth = 0
    /// Groups nested deeper than this are refused rather than recursed into (no stack overflow).
    static let maximumDepth = 256

    private init(_ source: String) { scalars = Array(source.unicodeScalars) }

    /// Nil when `source` is a valid ECMA-262 pattern, else the first problem found.
    static func syntaxError(in source: String) -> SyntaxError? {
        var parser = ECMAScriptPattern(source)
        do throws(SyntaxError) {
            try parser.disjunction()
            if parser.index < parser.scalars.count {
                throw SyntaxError(reason: "unmatched \")\"", offset: parser.index)
            }
            try parser.checkReferences()
            return nil
        } catch {
            return error
        }
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func fail(_ reason: String, at offset: Int? = nil) -> SyntaxError {
        SyntaxError(reason: reason, offset: offset ?? index)
    }

    private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        index += 1
        return true
    }

    private mutating func checkReferences() throws(SyntaxError) {
        if highestBackreference.0 > captureCount {
            throw fail(
                "backreference \\\(highestBackreference.0) to a group that does not exist", at: highestBackreference.1)
        }
        for (name, offset) in namedReferences where !groupNames.contains(name) {
            throw fail("\\k<\(name)> names no group", at: offset)
        }
    }

    private mutating func disjunction() throws(SyntaxError) {
        try alternative()
        while take("|") { try alternative() }
    }

    private mutating func alternative() throws(SyntaxError) {
        while let scalar = peek, scalar != "|", scalar != ")" {
            let start = index
            let quantifiable = try term()
            if try quantifier() {
                guard quantifiable else { throw fail("nothing to repeat", at: start) }
            }
        }
    }

    /// One assertion or atom; true when a quantifier may follow it.
    private mutating func term() throws(SyntaxError) -> Bool {
        let start = index
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case "^", "$": return false
        case ".": return true
        case "(": return try group(start: start)
        case "[":
            try characterClass()
            return true
        case "\\": return try atomEscape()
        case "*", "+", "?": throw fail("nothing to repeat", at: start)
        case "{", "}", "]": throw fail("lone \"\(scalar)\" (escape it as \\\(scalar))", at: start)
        default: return true
        }
    }

    private mutating func group(start: Int) throws(SyntaxError) -> Bool {
        guard depth < Self.maximumDepth else {
            throw fail("groups nested more than \(Self.maximumDepth) deep", at: start)
        }
        depth += 1
        defer { depth -= 1 }
        var quantifiable = true
        if take("?") {
            if take(":") {
            } else if take("=") || take("!") {
                quantifiable = false
            } else if take("<") {
                if take("=") || take("!") {
                    quantifiable = false
                } else {
                    let name = try groupName(start: start)
                    guard groupNames.insert(name).inserted else {
                        throw fail("duplicate group name \"\(name)\"", at: start)
                    }
                    captureCount += 1
                }
            } else {
                throw fail("\"(?\(peek.map { String($0) } ?? "")\" is not an ECMA-262 group", at: start)
            }
        } else {
            captureCount += 1
        }
        try disjunction()
        guard take(")") else { throw fail("unclosed group", at: start) }
        return quantifiable
    }

    /// A group name after `<`, through the closing `>`.
    private mutating func groupName(start: Int) throws(SyntaxError) -> String {
        var name = ""
        while let scalar = peek, scalar != ">" {
            index += 1
            var character = scalar
            if scalar == "\\" {
                guard take("u"), let escaped = try unicodeEscape() else { throw fail("bad group name", at: start) }
                character = escaped
            }
            let allowed =
                name.isEmpty
                ? character.properties.isIDStart || character == "$" || character == "_"
                : character.properties.isIDContinue || character == "$" || character == "\u{200C}"
                    || character == "\u{200D}"
            guard allowed else { throw fail("bad group name", at: start) }
            name.unicodeScalars.append(character)
        }
        guard !name.isEmpty, take(">") else { throw fail("bad group name", at: start) }
        return name
    }

    /// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each optionally lazy; false when none is here.
    private mutating func quantifier() throws(SyntaxError) -> Bool {
        let start = index
        switch peek {
        case "*", "+", "?": index += 1
        case "{":
            index += 1
            guard let minimum = number() else { throw fail("lone \"{\" (escape it as \\{)", at: start) }
            var maximum: Double? = minimum
            if take(",") { maximum = number() }
            guard take("}") else { throw fail("unclosed quantifier", at: start) }
            if let maximum, maximum < minimum { throw fail("quantifier range out of order", at: start) }
        default: return false
        }
        _ = take("?")
        return true
    }

    /// Decimal digits, as a Double so that a long run cannot overflow.
    private mutating func number() -> Double? {
        var value: Double?
        while let scalar = peek, ("0"..."9").contains(scalar) {
            value = (value ?? 0) * 10 + Double(scalar.value - 48)
            index += 1
        }
        return value
    }

    /// After `\` outside a class; true when a quantifier may follow.
    private mutating func atomEscape() throws(SyntaxError) -> Bool {
        let start = index - 1
        guard let scalar = peek else { throw fail("\\ at end of pattern", at: start) }
        switch scalar {
        case "b", "B":
            index += 1
            return false
        case "1"..."9":
            let value = number() ?? 0
            if value > Double(highestBackreference.0) { highestBackreference = (Int(min(value, 1e9)), start) }
            return true
        case "k":
            index += 1
            guard take("<") else { throw fail("\\k must name a group: \\k<name>", at: start) }
            namedReferences.append((try groupName(start: start), start))
            return true
        default:
            _ = try classOrCharacterEscape(inClass: false, start: start)
            return true
        }
    }

    /// A character class escape (`\d`, `\p{L}`) or a character escape; returns the character,
    /// or nil for a class escape.
    private mutating func classOrCharacterEscape(inClass: Bool, start: Int) throws(SyntaxError) -> Unicode.Scalar? {
        guard let scalar = peek else { throw fail("\\ at end of pattern", at: start) }
        index += 1
        switch scalar {
        case "d", "D", "s", "S", "w", "W": return nil
        case "p", "P":
            try propertyEscape(start: start)
            return nil
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "v": return "\u{0B}"
        case "c":
            guard let letter = peek, ("a"..."z").contains(letter) || ("A"..."Z").contains(letter) else {
                throw fail("\\c must be followed by a letter", at: start)
            }
            index += 1
            return Unicode.Scalar(letter.value % 32)
        case "0":
            if let next = peek, ("0"..."9").contains(next) { throw fail("octal escapes are not allowed", at: start) }
            return "\u{0}"
        case "x":
            guard let value = hex(count: 2) else { throw fail("\\x needs two hex digits", at: start) }
            return Unicode.Scalar(value)
        case "u":
            guard let value = try unicodeEscape() else { throw fail("bad \\u escape", at: start) }
            return value
        case "b" where inClass: return "\u{08}"
        case "-" where inClass: return "-"
        case "^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "/":
            return scalar
        default:
            throw fail("\\\(scalar) is not an ECMA-262 escape", at: start)
        }
    }

    /// After `\u`: `XXXX` (a surrogate pair of two such escapes joins into one) or `{X...}`.
    private mutating func unicodeEscape() throws(SyntaxError) -> Unicode.Scalar? {
        if take("{") {
            var value: UInt32 = 0
            var digits = 0
            while let scalar = peek, let digit = scalar.hexDigitValue {
                value = min(value * 16 + UInt32(digit), 0x110000)
                digits += 1
                index += 1
            }
            guard digits > 0, take("}") else { return nil }
            return Unicode.Scalar(value) ?? (value <= 0x10FFFF ? "\u{FFFD}" : nil)  // a lone surrogate is allowed
        }
        guard let value = hex(count: 4) else { return nil }
        if (0xD800...0xDBFF).contains(value), index + 6 <= scalars.count, scalars[index] == "\\",
            scalars[index + 1] == "u"
        {
            let save = index
            index += 2
            if let low = hex(count: 4), (0xDC00...0xDFFF).contains(low) {
                return Unicode.Scalar(0x10000 + (value - 0xD800) << 10 + (low - 0xDC00))
            }
            index = save
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    private mutating func hex(count: Int) -> UInt32? {
        guard index + count <= scalars.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<count {
            guard let digit = scalars[index + offset].hexDigitValue else { return nil }
            value = value * 16 + UInt32(digit)
        }
        index += count
        return value
    }

    /// After `\p` or `\P`: `{Name}` or `{Name=Value}`.
    private mutating func propertyEscape(start: Int) throws(SyntaxError) {
        guard take("{") else { throw fail("\\p must be followed by {property}", at: start) }
        var text = ""
        while let scalar = peek, scalar != "}" {
            guard scalar.isASCII,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "="
            else {
                throw fail("bad Unicode property escape", at: start)
            }
            text.unicodeScalars.append(scalar)
            index += 1
        }
        guard take("}") else { throw fail("unclosed Unicode property escape", at: start) }
        let parts = text.split(separator: "=", omittingEmptySubsequences: false).map(String.init)
        let known: Bool
        switch parts.count {
        case 1:
            known =
                UnicodeProperties.generalCategories.contains(parts[0]) || UnicodeProperties.binary.contains(parts[0])
        case 2:
            switch parts[0] {
            case "General_Category", "gc": known = UnicodeProperties.generalCategories.contains(parts[1])
            case "Script", "sc", "Script_Extensions", "scx": known = UnicodeProperties.isScriptShaped(parts[1])
            default: known = false
            }
        default: known = false
        }
        guard known else { throw fail("unknown Unicode property \"\(text)\"", at: start) }
    }

    /// After `[`, through `]`.
    private mutating func characterClass() throws(SyntaxError) {
        let start = index - 1
        _ = take("^")
        while peek != nil, peek != "]" {
            let atomStart = index
            let low = try classAtom()
            if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                let high = try classAtom()
                guard let low, let high else { throw fail("a class escape cannot bound a range", at: atomStart) }
                guard low.value <= high.value else { throw fail("class range out of order", at: atomStart) }
            }
        }
        guard take("]") else { throw fail("unclosed character class", at: start) }
    }

    /// One class member: its character, or nil for a class escape (`\d`).
    private mutating func classAtom() throws(SyntaxError) -> Unicode.Scalar? {
        let start = index
        guard let scalar = peek else { throw fail("unclosed character class", at: start) }
        index += 1
        guard scalar == "\\" else { return scalar }
        if let next = peek, ("1"..."9").contains(next) { throw fail("backreference inside a class", at: start) }
        if peek == "B" || peek == "k" { throw fail("\\\(peek!) inside a class", at: start) }
        return try classOrCharacterEscape(inClass: true, start: start)
    }
}

extension Unicode.Scalar {
    /// The value of an ASCII hex digit.
    fileprivate var hexDigitValue: Int? {
        switch self {
        case "0"..."9": return Int(value - 48)
        case "a"..."f": return Int(value - 87)
        case "A"..."F": return Int(value - 55)
        default: return nil
        }
    }
}
