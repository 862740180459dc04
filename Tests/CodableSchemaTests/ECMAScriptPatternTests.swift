import Testing

@testable import CodableSchema

@Suite struct ECMAScriptPatternTests {
    @Test(arguments: [
        "", "abc", "^[a-z]+$", "a|b|", "(?:ab)*", "x{2,3}?", "a{2,}", "(?<=a+)b", "(?<!x{1,}y)z", "(?=a)b", "(?!a)",
        "(?<name>x)\\k<name>", "\\k<n>(?<n>a)", "(a)\\1", "(a)(b)(c)\\3", "[]", "[^]", "\\cA", "\\cz", "[\\b]",
        "[\\-a]",
        "[a-z\\d_-]", "\\u0041\\u{1F600}", "\\uD83D\\uDE00", "\\x41", "\\0", "\\p{Letter}", "\\P{Lu}", "\\p{gc=Nd}",
        "\\p{Script=Greek}", "\\p{scx=Grek}", "\\p{Emoji_Presentation}",
        "\\/\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\",
        "\\bword\\B", "[.*+?(){}|]", "é+", "(?<café>x)", "a{0}", "[\\s\\S]", "\\t\\n\\r\\v\\f",
    ])
    func validPatterns(_ pattern: String) {
        #expect(ECMAScriptPattern.syntaxError(in: pattern) == nil, "\(pattern)")
    }

    @Test(arguments: [
        ("\\a", "\\a is not an ECMA-262 escape", 0),
        ("(?P<name>x)", "\"(?P\" is not an ECMA-262 group", 0),
        ("(?P<n>a)(?P=n)", "\"(?P\" is not an ECMA-262 group", 0),
        ("(?#comment)a", "\"(?#\" is not an ECMA-262 group", 0),
        ("(?i)abc", "\"(?i\" is not an ECMA-262 group", 0),
        ("(?ims)abc", "\"(?i\" is not an ECMA-262 group", 0),
        ("^(abc]", "lone \"]\" (escape it as \\])", 5),
        ("^(abc", "unclosed group", 1),
        ("[a-", "unclosed character class", 0),
        ("*a", "nothing to repeat", 0),
        ("a**", "nothing to repeat", 2),
        ("^*", "nothing to repeat", 0),
        ("(?=a)*", "nothing to repeat", 0),
        ("a{2,1}", "quantifier range out of order", 1),
        ("a{", "lone \"{\" (escape it as \\{)", 1),
        ("a}", "lone \"}\" (escape it as \\})", 1),
        ("]", "lone \"]\" (escape it as \\])", 0),
        ("a)", "unmatched \")\"", 1),
        ("[z-a]", "class range out of order", 1),
        ("[\\d-z]", "a class escape cannot bound a range", 1),
        ("(a)\\2", "backreference \\2 to a group that does not exist", 3),
        ("\\k<x>", "\\k<x> names no group", 0),
        ("\\k", "\\k must name a group: \\k<name>", 0),
        ("(?<a>x)(?<a>y)", "duplicate group name \"a\"", 7),
        ("(?<1a>x)", "bad group name", 0),
        ("\\c1", "\\c must be followed by a letter", 0),
        ("\\x4", "\\x needs two hex digits", 0),
        ("\\u{110000}", "bad \\u escape", 0),
        ("\\01", "octal escapes are not allowed", 0),
        ("\\p{Letters}", "unknown Unicode property \"Letters\"", 0),
        ("\\p{Foo=Bar}", "unknown Unicode property \"Foo=Bar\"", 0),
        ("\\p", "\\p must be followed by {property}", 0),
        ("\\-", "\\- is not an ECMA-262 escape", 0),
        ("[\\1]", "backreference inside a class", 1),
        ("abc\\", "\\ at end of pattern", 3),
    ])
    func invalidPatterns(_ pattern: String, _ reason: String, _ offset: Int) {
        #expect(ECMAScriptPattern.syntaxError(in: pattern) == .init(reason: reason, offset: offset), "\(pattern)")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        #expect(
            ECMAScriptPattern.syntaxError(in: deep) == .init(reason: "groups nested more than 256 deep", offset: 256))
        let fine = String(repeating: "(", count: 256) + String(repeating: ")", count: 256)
        #expect(ECMAScriptPattern.syntaxError(in: fine) == nil)
    }

    @Test func formatRegexDoesNotDependOnTheEngine() {
        #expect(StringFormat.regex.accepts("(?<=a+)b"))  // ICU cannot run it; it is still ECMA-262
        #expect(SchemaRegex("(?<=a+)b") == nil)
        #expect(!StringFormat.regex.accepts("(?i)abc"))  // ICU can run it; it is not ECMA-262
    }

    @Test func escapesICUReadsDifferentlyAreTranslated() throws {
        func matches(_ pattern: String, _ input: String) throws -> Bool {
            let regex = try #require(SchemaRegex(pattern), "\(pattern)")
            return Array(input.utf8).withUnsafeBufferPointer { regex.matches($0) }
        }
        #expect(try matches("^\\u{1F600}$", "😀"))
        #expect(try !matches("^\\u{1F600}$", "x"))
        #expect(try matches("^\\v$", "\u{0B}"))
        #expect(try !matches("^\\v$", "\n"))  // ICU's \v would match a line feed
        #expect(try matches("^a\\0$", "a\u{0}"))
        #expect(try matches("^[\\b]$", "\u{08}"))
        #expect(try matches("^[[a]$", "["))  // a literal [ in a class, not a nested class
        #expect(try matches("^[a&&b]+$", "a&b"))  // literal &, not an intersection
    }
}
