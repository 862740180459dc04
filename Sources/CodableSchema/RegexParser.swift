/// Parses the subset of ECMA-262 patterns `ThompsonRegex` runs; nil for anything else.
struct RegexParser {
    indirect enum Node {
        case set(ScalarSet)
        case begin, end
        case sequence([Node])
        case alternation([Node])
        case `repeat`(Node, Int, Int?)
    }

    let scalars: [Unicode.Scalar]
    var index = 0

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    mutating func parse() -> Node? {
        guard let node = alternation(), index == scalars.count else { return nil }
        return node
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func alternation() -> Node? {
        var branches: [Node] = []
        while true {
            guard let branch = sequence() else { return nil }
            branches.append(branch)
            guard peek == "|" else { break }
            index += 1
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() -> Node? {
        var items: [Node] = []
        while let scalar = peek, scalar != "|", scalar != ")" {
            guard var atom = atom() else { return nil }
            if let (minimum, maximum) = quantifier() {
                if case .begin = atom { return nil }
                if case .end = atom { return nil }
                guard minimum <= 100, (maximum ?? 0) <= 100 else { return nil }
                atom = .repeat(atom, minimum, maximum)
            }
            items.append(atom)
        }
        return .sequence(items)
    }

    /// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each optionally lazy (`?`), which does not change
    /// whether a match exists.
    private mutating func quantifier() -> (Int, Int?)? {
        guard let scalar = peek else { return nil }
        var result: (Int, Int?)
        switch scalar {
        case "*":
            result = (0, nil)
            index += 1
        case "+":
            result = (1, nil)
            index += 1
        case "?":
            result = (0, 1)
            index += 1
        case "{":
            let start = index
            index += 1
            guard let minimum = number() else {
                index = start
                return nil
            }
            var maximum: Int? = minimum
            if peek == "," {
                index += 1
                maximum = peek == "}" ? nil : number()
                if maximum == nil && peek != "}" {
                    index = start
                    return nil
                }
            }
            guard peek == "}" else {
                index = start
                return nil
            }
            index += 1
            if let maximum, maximum < minimum { return nil }
            result = (minimum, maximum)
        default: return nil
        }
        if peek == "?" { index += 1 }
        return result
    }

    private mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while let scalar = peek, ("0"..."9").contains(scalar), digits < 6 {
            value = value * 10 + Int(scalar.value - 48)
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    private mutating func atom() -> Node? {
        guard let scalar = peek else { return nil }
        index += 1
        switch scalar {
        case "^": return .begin
        case "$": return .end
        case ".": return .set(.dot)
        case "(":
            if peek == "?" {
                guard index + 1 < scalars.count, scalars[index + 1] == ":" else { return nil }
                index += 2
            }
            guard let inner = alternation(), peek == ")" else { return nil }
            index += 1
            return inner
        case "[": return characterClass()
        case "\\": return escape(inClass: false).map { .set($0.set) }
        case "*", "+", "?", "{", "}", "]", ")": return nil
        default: return .set(.of([scalar.value...scalar.value]))
        }
    }

    private mutating func characterClass() -> Node? {
        var set = ScalarSet()
        var negated = false
        if peek == "^" {
            negated = true
            index += 1
        }
        while let scalar = peek, scalar != "]" {
            index += 1
            var low: UInt32
            if scalar == "\\" {
                guard let escaped = escape(inClass: true) else { return nil }
                guard let single = escaped.single else {
                    set.insert(escaped.set)
                    continue
                }
                low = single
            } else if scalar == "[" {
                return nil  // ICU and ECMA-262 differ here
            } else {
                low = scalar.value
            }
            if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                guard let next = peek else { return nil }
                index += 1
                var high = next.value
                if next == "\\" {
                    guard let escaped = escape(inClass: true), let single = escaped.single else { return nil }
                    high = single
                }
                guard high >= low else { return nil }
                set.insert(low...high)
            } else {
                set.insert(low...low)
            }
        }
        guard peek == "]" else { return nil }
        index += 1
        set.negated = negated
        return .set(set)
    }

    /// What follows a backslash: a class (`\d`) or one scalar (`\.`, `\n`, `\u0041`).
    private mutating func escape(inClass: Bool) -> Escape? {
        guard let scalar = peek else { return nil }
        index += 1
        switch scalar {
        case "d": return Escape(set: .digits)
        case "w": return Escape(set: .word)
        case "s": return Escape(set: .space)
        case "D", "W", "S":
            guard !inClass else { return nil }
            var set = scalar == "D" ? ScalarSet.digits : scalar == "W" ? ScalarSet.word : ScalarSet.space
            set.negated = true
            return Escape(set: set)
        case "t": return Escape(single: 9)
        case "n": return Escape(single: 10)
        case "v": return Escape(single: 11)
        case "f": return Escape(single: 12)
        case "r": return Escape(single: 13)
        case "0": return Escape(single: 0)
        case "x": return hex(2)
        case "u": return hex(4)
        default:
            // Identity escapes of punctuation only; letters and digits mean something else.
            guard !scalar.properties.isAlphabetic, !("1"..."9").contains(scalar), scalar.isASCII else { return nil }
            return Escape(single: scalar.value)
        }
    }

    private mutating func hex(_ count: Int) -> Escape? {
        guard index + count <= scalars.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<count {
            guard scalars[index].isASCII, let digit = Int(String(scalars[index]), radix: 16) else { return nil }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        guard !(0xD800...0xDFFF).contains(value) else { return nil }
        return Escape(single: value)
    }

    struct Escape {
        var set: ScalarSet
        var single: UInt32?

        init(set: ScalarSet) {
            self.set = set
            self.single = nil
        }

        init(single: UInt32) {
            self.set = .of([single...single])
            self.single = single
        }
    }
}
