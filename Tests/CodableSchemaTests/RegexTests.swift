import Foundation
import Testing

@testable import CodableSchema

@Suite struct RegexTests {
    static let patterns = [
        "^[a-z]+$", "^[^@\\s]+@[^@\\s]+\\.[a-z]+$", "a|bc|", "^(ab|cd)*e?$", "x{2,3}", "^\\d{4}-\\d{2}$",
        "^(?:[0-9a-f]{2}:){2}[0-9a-f]{2}$", "[\\w.-]+", "^.{2}$", "(a*)*b", "^a{0}b", "[^]x", "é+", "^\\u00e9$",
        "^[a-c\\-z]+$", "\\.", "^$", "^\\s*$", "(x|y)+?z", "^[\\d\\s]+$",
    ]
    static let inputs = [
        "", "abc", "abc\n", "ab1", "a@b.com", "a@b", "ab@@c.d", "bc", "ababe", "abcde", "xxx", "x", "2024-01",
        "٢٠٢٤-01", "0a:1b:2c", "0a:1b:2", "é", "éé", "e\u{301}", "a-z", "a\nb", "\n", " \t", "\u{FEFF}", "xyz", "yyz",
        "aaab", "b", "1 2 3", "12\u{00A0}3",
    ]

    @Test func automatonAgreesWithICU() throws {
        for pattern in Self.patterns {
            let automaton = try #require(ThompsonRegex(pattern), "\(pattern) should run without ICU")
            let icu = try NSRegularExpression(pattern: SchemaRegex.translate(pattern))
            for input in Self.inputs {
                let expected = icu.firstMatch(in: input, range: NSRange(location: 0, length: input.utf16.count)) != nil
                let actual = Array(input.utf8).withUnsafeBufferPointer { automaton.matches($0) }
                #expect(actual == expected, "\(pattern) on \(input.debugDescription)")
            }
        }
    }

    @Test func ecmaScriptReadings() throws {
        func matches(_ pattern: String, _ input: String) throws -> Bool {
            let regex = try #require(SchemaRegex(pattern))
            return Array(input.utf8).withUnsafeBufferPointer { regex.matches($0) }
        }
        #expect(try !matches("^[a-z]+$", "abc\n"))  // $ only at the very end
        #expect(try !matches("^\\d+$", "٣"))  // \d is ASCII
        #expect(try matches("^\\p{Letter}+$", "Ωé"))  // property escapes (through ICU)
        #expect(try !matches("^.$", "\n"))
        #expect(try matches("^\\s$", "\u{FEFF}"))
        #expect(SchemaRegex("(?i)abc") == nil)  // inline flags are not ECMA-262
        #expect(SchemaRegex("\\a") == nil)
        #expect(SchemaRegex("[a-") == nil)
        #expect(ThompsonRegex("(?=a)") == nil)  // lookahead: left to ICU
        #expect(ThompsonRegex("\\bword") == nil)
    }

    @Test func emptyPatternMatchesEverything() throws {
        let empty = try SchemaRegex(compiling: "")
        #expect(empty.matches(""))
        #expect(empty.matches("anything"))
        #expect(try violations(#"{"pattern": ""}"#, #""text""#).isEmpty)
        let keys = #"{"patternProperties": {"": {"type": "integer"}}}"#
        #expect(try violations(keys, #"{"a": 1, "": 2}"#).isEmpty)
        #expect(try violations(keys, #"{"a": "one"}"#).count == 1)
        #expect(
            try violations(#"{"patternProperties": {"": true}, "additionalProperties": false}"#, #"{"a": 1}"#).isEmpty)
    }
}
