/// Host names as IDNA2008 (RFC 5890-5893) sees them, for `hostname` and `idn-hostname`:
/// Punycode (RFC 3492) both ways, the label rules, and the contextual rules of RFC 5892
/// appendix A, and the Bidi rule of RFC 5893 (`BidiRule`) over the decoded labels.
enum IDNAChecks {
    /// A host name: ASCII labels, `xn--` labels valid Punycode of valid U-labels; with
    /// `international`, U-labels too and the ideographic full stops as separators; with
    /// `hyphenPairs`, `--` in a label's third and fourth places is allowed (RFC 1123).
    static func hostname(_ text: String, international: Bool, hyphenPairs: Bool = false) -> Bool {
        var scalars = Array(text.unicodeScalars)
        if international {
            scalars = scalars.map { ["\u{3002}", "\u{FF0E}", "\u{FF61}"].contains($0) ? "." : $0 }
        }
        guard !scalars.isEmpty else { return false }
        var total = 0
        var unicodeLabels: [[Unicode.Scalar]] = []
        let labels = scalars.split(separator: ".", omittingEmptySubsequences: false)
        for (index, label) in labels.enumerated() {
            guard !label.isEmpty else { return false }
            var ascii: [Unicode.Scalar]
            if label.allSatisfy(\.isASCII) {
                ascii = Array(label)
                guard ldh(ascii) else { return false }
                if ascii.count >= 4, String(String.UnicodeScalarView(ascii[0..<4])).lowercased() == "xn--" {
                    guard let decoded = Punycode.decode(Array(ascii[4...])), !decoded.isEmpty,
                        Punycode.encode(decoded).map({ String(String.UnicodeScalarView($0)) })
                            == String(String.UnicodeScalarView(ascii[4...])).lowercased()
                            || Punycode.encode(decoded).map({ String(String.UnicodeScalarView($0)) })
                                == String(String.UnicodeScalarView(ascii[4...])),
                        validULabel(decoded)
                    else { return false }
                    unicodeLabels.append(decoded)
                } else if !hyphenPairs && ascii.count >= 4 && ascii[2] == "-" && ascii[3] == "-" {
                    return false
                } else {
                    unicodeLabels.append(ascii)
                }
            } else {
                guard international, validULabel(Array(label)), let encoded = Punycode.encode(Array(label)) else {
                    return false
                }
                ascii = Array("xn--".unicodeScalars) + encoded
                unicodeLabels.append(Array(label))
            }
            guard ascii.count <= 63 else { return false }
            total += ascii.count + (index > 0 ? 1 : 0)
        }
        return total <= 253 && BidiRule.isSatisfied(by: unicodeLabels)
    }

    /// Letters, digits and hyphens, not starting or ending with a hyphen.
    private static func ldh(_ label: [Unicode.Scalar]) -> Bool {
        guard label.first != "-", label.last != "-" else { return false }
        return label.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        }
    }

    private static let disallowed: Set<UInt32> = [
        0x0640, 0x07FA, 0x302E, 0x302F, 0x3031, 0x3032, 0x3033, 0x3034, 0x3035, 0x303B,
    ]
    private static let exceptionsValid: Set<UInt32> = [0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007]

    /// RFC 5891 section 5.4 on a decoded label: no leading combining mark, no `--` in
    /// positions 3 and 4, only PVALID code points, contextual rules satisfied.
    static func validULabel(_ label: [Unicode.Scalar]) -> Bool {
        guard let first = label.first, !isMark(first) else { return false }
        if label.count >= 4 && label[2] == "-" && label[3] == "-" { return false }
        guard label.first != "-", label.last != "-" else { return false }
        let hasArabicIndic = label.contains { (0x0660...0x0669).contains($0.value) }
        let hasExtendedArabicIndic = label.contains { (0x06F0...0x06F9).contains($0.value) }
        if hasArabicIndic && hasExtendedArabicIndic { return false }
        for (index, scalar) in label.enumerated() {
            let value = scalar.value
            let before = index > 0 ? label[index - 1] : nil
            let after = index + 1 < label.count ? label[index + 1] : nil
            switch value {
            case 0x00B7:
                guard before == "l", after == "l" else { return false }
            case 0x0375:
                guard let after, isGreek(after) else { return false }
            case 0x05F3, 0x05F4:
                guard let before, isHebrew(before) else { return false }
            case 0x30FB:
                guard label.contains(where: { $0.value != 0x30FB && (isHiragana($0) || isKatakana($0) || isHan($0)) })
                else { return false }
            case 0x200D:
                guard let before, before.properties.canonicalCombiningClass.rawValue == 9 else { return false }
            case 0x200C:
                if let before, before.properties.canonicalCombiningClass.rawValue == 9 { continue }
                guard joins(label, from: index - 1, step: -1), joins(label, from: index + 1, step: 1) else {
                    return false
                }
            default:
                if disallowed.contains(value) { return false }
                if exceptionsValid.contains(value) || scalar == "-" || ("0"..."9").contains(scalar)
                    || ("a"..."z").contains(scalar)
                {
                    continue
                }
                if scalar.isASCII { return false }  // upper case and symbols are not PVALID
                switch scalar.properties.generalCategory {
                case .lowercaseLetter, .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark, .decimalNumber:
                    continue
                default: return false
                }
            }
        }
        return true
    }

    /// ZWNJ's regular-expression rule, approximated: the nearest non-mark neighbour on that
    /// side is a joining (Arabic-script or Syriac/N'Ko) letter.
    private static func joins(_ label: [Unicode.Scalar], from start: Int, step: Int) -> Bool {
        var index = start
        while index >= 0 && index < label.count {
            let scalar = label[index]
            if scalar.properties.generalCategory == .nonspacingMark {
                index += step
                continue
            }
            return (0x0620...0x074F).contains(scalar.value) || (0x07C0...0x07FF).contains(scalar.value)
                || (0x0750...0x077F).contains(scalar.value)
        }
        return false
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
    }
    private static func isGreek(_ s: Unicode.Scalar) -> Bool {
        (0x0370...0x03FF).contains(s.value) || (0x1F00...0x1FFF).contains(s.value)
    }
    private static func isHebrew(_ s: Unicode.Scalar) -> Bool { (0x0590...0x05FF).contains(s.value) }
    private static func isHiragana(_ s: Unicode.Scalar) -> Bool { (0x3040...0x309F).contains(s.value) }
    private static func isKatakana(_ s: Unicode.Scalar) -> Bool {
        (0x30A0...0x30FF).contains(s.value) || (0x31F0...0x31FF).contains(s.value)
    }
    private static func isHan(_ s: Unicode.Scalar) -> Bool {
        (0x4E00...0x9FFF).contains(s.value) || (0x3400...0x4DBF).contains(s.value)
            || (0x20000...0x2A6DF).contains(s.value)
            || (0xF900...0xFAFF).contains(s.value) || (0x3005...0x3007).contains(s.value)
    }
}

/// RFC 3492 Punycode, for IDNA labels (without the `xn--` prefix).
enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 128

    private static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func digit(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "a"..."z": return Int(scalar.value - 97)
        case "A"..."Z": return Int(scalar.value - 65)
        case "0"..."9": return Int(scalar.value - 48) + 26
        default: return nil
        }
    }

    private static func character(_ digit: Int) -> Unicode.Scalar {
        Unicode.Scalar(UInt8(digit < 26 ? digit + 97 : digit - 26 + 48))
    }

    /// The code points `input` encodes, or nil when it is not valid Punycode.
    static func decode(_ input: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        var output: [Unicode.Scalar] = []
        var rest = input[...]
        if let delimiter = input.lastIndex(of: "-") {
            output = Array(input[..<delimiter])
            rest = input[(delimiter + 1)...]
            if delimiter == 0 { output = [] }
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        var index = rest.startIndex
        while index < rest.endIndex {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard index < rest.endIndex, let d = digit(rest[index]) else { return nil }
                index += 1
                guard d <= (Int(Int32.max) - i) / w else { return nil }
                i += d * w
                let t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
                if d < t { break }
                guard w <= Int(Int32.max) / (base - t) else { return nil }
                w *= base - t
                k += base
            }
            bias = adapt(i - oldI, output.count + 1, oldI == 0)
            n += i / (output.count + 1)
            i %= output.count + 1
            guard n <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(n)) else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        return output
    }

    /// The Punycode of `input`, or nil on overflow.
    static func encode(_ input: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        var output = input.filter(\.isASCII)
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < input.count {
            guard let m = input.map({ Int($0.value) }).filter({ $0 >= n }).min() else { return nil }
            delta += (m - n) * (handled + 1)
            n = m
            for scalar in input {
                let value = Int(scalar.value)
                if value < n { delta += 1 }
                if value == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
                        if q < t { break }
                        output.append(character(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(character(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }
}
