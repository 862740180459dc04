import CodableModels
import CodableSwiftModels
import Testing

/// Square brackets nested more than 10 deep are refused before swift-syntax parses the file:
/// its look-ahead for InlineArray sugar takes time exponential in their depth (found by the
/// swift-model-reader fuzz target).
@Suite("Square bracket nesting in model files")
struct SquareBracketNestingTests {
    static let message =
        "square brackets nested more than 10 deep: codable does not read such a model (the Swift parser takes time exponential in their depth)"

    @Test func tenDeepIsReadElevenIsRefusedAtTheEleventhBracket() throws {
        let ten =
            "struct A: Codable {\n    var grid: " + String(repeating: "[", count: 10) + "Int"
            + String(repeating: "]", count: 10) + "\n}\n"
        #expect(try readModels(ten).types["A"] != nil)
        let eleven =
            "struct A: Codable {\n    var grid: " + String(repeating: "[", count: 11) + "Int"
            + String(repeating: "]", count: 11) + "\n}\n"
        let error = #expect(throws: ModelReadError.self) { try readModels(eleven, path: "A.swift") }
        #expect(error?.origin == SourceOrigin(file: "A.swift", line: 2, column: 25))
        #expect(error?.message == Self.message)
    }

    /// The fuzz target's find, cut down: 24 brackets that never close.
    @Test func unclosedRunIsRefused() throws {
        let error = #expect(throws: ModelReadError.self) {
            try readModels("let ü = " + String(repeating: "[", count: 24) + "{")
        }
        #expect(error?.origin == SourceOrigin(file: "Models.swift", line: 1, column: 19))
    }

    /// Depth is nesting, not a count: siblings and closed runs do not add up.
    @Test func closedBracketsDoNotAddUp() throws {
        let run = String(repeating: "[", count: 10) + "1" + String(repeating: "]", count: 10)
        #expect(try readModels("struct A: Codable { var a: Int }\nlet x = (\(run), \(run))").types["A"] != nil)
        #expect(
            try readModels("struct A: Codable { var a: Int }\n" + String(repeating: "let x = \(run)\n", count: 30))
                .types["A"] != nil)
    }

    @Test func bracketsInCommentsAndStringsDoNotCount() throws {
        let deep = String(repeating: "[", count: 30)
        let source = """
            struct A: Codable { var a: Int }
            // \(deep)
            /* \(deep) /* nested \(deep) */ \(deep) */
            /// \(deep)
            let s = "\(deep)\\"\(deep)"
            let r = #"\(deep)\\(\(deep)"\(deep)"#
            let m = \"\"\"
                \(deep)"\(deep)
                \"\"\"
            let raw = ##\"\"\"
                \(deep)\"\"\"#\(deep)
                \"\"\"##
            """
        #expect(try readModels(source).types["A"] != nil)
    }

    static let interpolatedMessage =
        "more than 10 '[' in a string literal with an interpolation, with those around it: codable does not read such a model (the Swift parser may read an interpolation's text as code, and takes time exponential in the brackets' depth)"

    @Test func bracketsInAnInterpolationCount() throws {
        let deep = String(repeating: "[", count: 11)
        for source in [
            "let s = \"\\(f(\(deep)))\"", "let s = #\"\\#(\"\\(\(deep))\")\"#", "let s = \"\"\"\n\\(\(deep))\n\"\"\"",
        ] {
            let error = #expect(throws: ModelReadError.self) { try readModels(source) }
            #expect(error?.message == Self.interpolatedMessage, "\(source)")
        }
    }

    /// Once a literal has an interpolation, every `[` to its end counts, in its text too, and no
    /// `]` takes one off: swift-syntax's recovery reads a broken interpolation's text as code. The
    /// fuzz target's find, cut down: in `"\(a]" [[[…` the second `"` closes the literal for the
    /// parser (an expression cannot go on into a string), and a few dozen brackets hang it.
    @Test(arguments: [
        "let s = \"\\(a]\" [[[[[[[[[[[[[[[[[[[[[[",
        "let s = \"\\(a\" [[[[[[ /*\" x \"*/ [[[[[[ /*\" x \"*/ [[[[[[",
        "let s = [[[[[[ \"\\(a\" x \"]]]]]]\" [[[[[[",
        "let s = \"\\(a\" [[[[[[( /*\"*/ ) /* ]]]]]] */ -> [[[[[[",
        "let s = \"\"\"\n\\(a\"\"\" [[[[[[[[[[[[\n\"\"\"",
        "let s = \"\\((1))[[[[[[[[[[[\"",
    ])
    func aLiteralWithAnInterpolationCountsEveryBracket(source: String) throws {
        let error = #expect(throws: ModelReadError.self) { try readModels(source) }
        #expect(error?.message == Self.interpolatedMessage, "\(source)")
    }

    /// Valid interpolations read as before: their brackets close inside the literal, and the
    /// literal's end goes back to the depth before it, so literals do not add up.
    @Test func ordinaryInterpolationsAreRead() throws {
        let line = #"let s = "\(items[0][1]) of \(a ? "[x]" : "[y]") \(rows.map { "[\($0)]" })""#
        let source = "struct A: Codable { var a: [[[[[[[[Int]]]]]]]] }\n" + String(repeating: line + "\n", count: 30)
        #expect(try readModels(source).types["A"] != nil)
        let tenInText = #"let s = "\(a) [[[[[[[[[[""#
        #expect(try readModels("struct A: Codable { var a: Int }\n" + tenInText).types["A"] != nil)
    }

    /// A line break ends a single-line literal and the interpolation open in it, as the Swift
    /// lexer ends them: the next line is code again, and its brackets count as code.
    @Test func aLineBreakEndsAnOpenInterpolation() throws {
        let source = "let s = \"\\(a\nlet x = " + String(repeating: "[", count: 11)
        let error = #expect(throws: ModelReadError.self) { try readModels(source) }
        #expect(error?.origin == SourceOrigin(file: "Models.swift", line: 2, column: 19))
        #expect(error?.message == Self.message)
    }

    /// A raw identifier and an extended regex literal are text to the lexer: a `"` or `/*` in
    /// one opens nothing, and the brackets after them count.
    @Test(arguments: [
        "let `a\"b` = ", "let `a /* b` = ", "let r = #/\"/# + ", "let r = #/ /* /# + ", "let r = ##/\"/#\"/## + ",
    ])
    func rawIdentifiersAndRegexLiteralsAreText(start: String) throws {
        let source = start + String(repeating: "[", count: 11)
        let error = #expect(throws: ModelReadError.self) { try readModels(source) }
        #expect(error?.message == Self.message, "\(source)")
        #expect(error?.origin?.column == start.count + 11, "\(source)")
    }

    static let slashesMessage =
        "more than 10 '[' after a '/…/' that may be a regex literal with a quote or comment in it, with those around it: codable does not read such a model (the Swift parser may read them as code, and takes time exponential in the brackets' depth)"

    /// swift-syntax reads `/"/` as a regex literal or as division by heuristics of its own; the
    /// two readings open different literals (`let r = /"/` then a few dozen brackets hang the
    /// reader).
    /// Past such slashes every `[` counts, anywhere, and no `]` takes one off.
    @Test(arguments: [
        "let r = /\"/ ; let x = ", "let r = /a/*", "let r = /`/ + ", "let r = a/b/*c*/ ", "let r = /#/ ; \"\"\"\n",
        "let r = #/\n", "let r = #/ a ",
    ])
    func bracketsPastAmbiguousSlashesAllCount(start: String) throws {
        let source = start + String(repeating: "[", count: 11)
        let error = #expect(throws: ModelReadError.self) { try readModels(source) }
        #expect(error?.message == Self.slashesMessage, "\(source)")
    }

    /// Past such slashes closed brackets add up too: the eleventh `[1]` is refused.
    @Test func closedBracketsAddUpPastAmbiguousSlashes() throws {
        let closed = "\n" + String(repeating: "let g = [1]\n", count: 11)
        let error = #expect(throws: ModelReadError.self) { try readModels("let r = /\"/\n" + closed) }
        #expect(error?.message == Self.slashesMessage)
    }

    /// Division, and regex literals that open nothing either way, leave the count as it was.
    @Test func ordinarySlashesDoNotCount() throws {
        let lines = [
            "let r = /[a-z]+/", "let q = a/b/c", "let h = a / b / \"c\"", "let u = \"https://x/y\"", "let p = #/\"/#",
        ]
        let source =
            "struct A: Codable { var a: Int }\n" + lines.joined(separator: "\n") + "\n"
            + String(repeating: "let g: [[Int]] = [[1]]\n", count: 30)
        #expect(try readModels(source).types["A"] != nil)
    }

    @Test(arguments: [
        "#/[[[[[[[[[[[[a/#", "#/[[[[[[[[[[[[a]]]]]]]]]]]]/#", "##/[[[[[[[[[[[[/#\"/##", "#/\n[[[[[[[[[[[[ \" /*\n/#",
    ])
    func bracketsInARegexLiteralDoNotCount(regex: String) throws {
        #expect(try readModels("struct A: Codable { var a: Int }\nlet r = \(regex)\n").types["A"] != nil)
    }

    /// A line comment, and a string left open, end at a lone CR as at an LF (the Swift lexer
    /// ends them there), so the brackets after it count: skipped as comment while swift-syntax
    /// parses them, a few dozen of them would hang the reader (the fuzz target's find). The
    /// place counts the CR as a line's end too, as swift-syntax does.
    @Test(arguments: ["// note\r", "let s = \"open\r", "// note\r\n"])
    func aCarriageReturnEndsACommentOrAnOpenString(start: String) throws {
        let source = start + "let x = " + String(repeating: "[", count: 57)
        let error = #expect(throws: ModelReadError.self) { try readModels(source) }
        #expect(error?.origin == SourceOrigin(file: "Models.swift", line: 2, column: 19))
        #expect(error?.message == Self.message)
    }

    /// swift-syntax lexes `'…'` as a string literal (to diagnose it), so a `/*` or `"` in one is
    /// text, not a comment's or a string's start, and the brackets after it count: taking the
    /// `/*` for a comment running to the end of the file, the scanner would miss the brackets
    /// swift-syntax parses after it, and the model reader would hang (the fuzz target's find).
    @Test(arguments: ["let c = 'a/*'\n", "let c = '/* open\n", "let c = 'say \"hi'\n", "let c = 'it\\'s /*'\n"])
    func aSingleQuotedStringIsTextToo(start: String) throws {
        let source = start + "let x = " + String(repeating: "[", count: 57)
        let error = #expect(throws: ModelReadError.self) { try readModels(source) }
        #expect(error?.origin == SourceOrigin(file: "Models.swift", line: 2, column: 19))
        #expect(error?.message == Self.message)
    }

    /// Brackets inside a single-quoted string are text, as in any string: the file is refused
    /// for the literal itself, as swift-syntax refuses it, not for the brackets.
    @Test func bracketsInASingleQuotedStringDoNotCount() throws {
        let source = "let s = '\(String(repeating: "[", count: 30))'\n"
        let error = #expect(throws: ModelReadError.self) { try readModels(source) }
        #expect(error != nil && error?.message != Self.message, "\(String(describing: error?.message))")
    }

    /// A string left open ends with its line, so the next line's brackets count again.
    @Test func unclosedStringEndsWithItsLine() throws {
        let source = "let s = \"open\nlet x = " + String(repeating: "[", count: 11)
        let error = #expect(throws: ModelReadError.self) { try readModels(source) }
        #expect(error?.origin == SourceOrigin(file: "Models.swift", line: 2, column: 19))
    }
}
