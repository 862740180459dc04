import Testing

@testable import CodableSchema

@Suite struct BidiRuleTests {
    @Test func classesComeFromTheGeneratedTable() {
        #expect(BidiRule.bidiClass(of: "a") == .L)
        #expect(BidiRule.bidiClass(of: "0") == .EN)
        #expect(BidiRule.bidiClass(of: "-") == .ES)
        #expect(BidiRule.bidiClass(of: "\u{05D0}") == .R)  // HEBREW LETTER ALEF
        #expect(BidiRule.bidiClass(of: "\u{0627}") == .AL)  // ARABIC LETTER ALEF
        #expect(BidiRule.bidiClass(of: "\u{0660}") == .AN)  // ARABIC-INDIC DIGIT ZERO
        #expect(BidiRule.bidiClass(of: "\u{0300}") == .NSM)  // COMBINING GRAVE ACCENT
        #expect(BidiRule.bidiClass(of: " ") == .other)  // WS is not one the rule names
        #expect(BidiRule.bidiClass(of: "\u{0}") == .BN)
        #expect(BidiRule.bidiClass(of: "\u{10FFFF}") == .other)
        #expect(BidiRule.bidiClass(of: "\u{1E900}") == .R)  // ADLAM, far above the BMP
    }

    @Test func theRuleOfRFC5893() {
        func valid(_ labels: String...) -> Bool { BidiRule.isSatisfied(by: labels.map { Array($0.unicodeScalars) }) }
        #expect(valid("example", "0com"))  // no right-to-left label: no rule
        #expect(valid("\u{05D0}\u{05D1}", "com"))
        #expect(valid("\u{0627}\u{0644}\u{0660}"))  // RTL ending in AN
        #expect(valid("\u{05D0}1"))  // RTL ending in EN
        #expect(!valid("0a", "\u{05D0}"))  // a digit-first label in a Bidi name
        #expect(!valid("0\u{0627}"))  // condition 1
        #expect(!valid("a\u{05D0}"))  // condition 5
        #expect(!valid("\u{05D0}a"))  // condition 2
        #expect(!valid("\u{05D0}-"))  // condition 3
        #expect(!valid("\u{05D0}0\u{0660}"))  // condition 4
        #expect(!valid("\u{05D0}", "a-"))  // condition 6
    }

    @Test func idnHostnamesApplyIt() {
        #expect(StringFormat.idnHostname.accepts("\u{05D0}\u{05D1}.example"))
        #expect(!StringFormat.idnHostname.accepts("0a.\u{05D0}"))
        #expect(!StringFormat.idnHostname.accepts("xn--0ca24w"))  // an A-label decoding to a violation
        #expect(!StringFormat.hostname.accepts("xn--0ca24w"))
    }
}
