import Testing

@testable import CodableParsing

@Suite struct JSONScannerTests {
    @Test(arguments: [
        "0", "-0", "1.0", "1e400", "-1.5E-7", "123456789012345678901234567890", "0.000000000000000000001",
        "true", "false", "null", #""""#, #""a\"b\\c\n\t\b\f\r""#, #""é日本🎉""#,
        "[]", "{}", "[[[]]]", #"{"a":{"b":[1,{"c":null}]}}"#, #"[1,"x",true,null,{"k":-0.5e+3}]"#,
    ])
    func valuesComeBackByteForByte(text: String) throws {
        #expect(try readRecords(text, framing: .jsonStream) == [text])
    }

    @Test func whitespaceIsDroppedAndKeyOrderKept() throws {
        let text = "{ \"z\" : 1 ,\n\t\"a\" : [ 1 , 2 ] ,\r\n \"m\" : { } }"
        #expect(try readRecords(text, framing: .jsonStream) == [#"{"z":1,"a":[1,2],"m":{}}"#])
    }

    @Test func escapesAreNormalizedToTheMinimalForm() throws {
        #expect(try readRecords(#""a\/b""#) == [#""a/b""#])
        #expect(try readRecords(#""\u0041\u00e9\u65e5""#) == [#""Aé日""#])
        #expect(try readRecords(#""\ud83c\udf89""#) == [#""🎉""#])
        #expect(try readRecords(#""\u0000\u001F\u0022\u005c\u000a""#) == [#""\u0000\u001f\"\\\n""#])
        #expect(try readRecords(#""\n\"\\""#) == [#""\n\"\\""#])
    }

    @Test(arguments: [
        ("[1,]", "unexpected character ']', expected a value", "1:4"),
        ("[1 2]", "unexpected character '2', expected ',' or ']'", "1:4"),
        (#"{"a" 1}"#, "unexpected character '1', expected ':' after the key", "1:6"),
        ("{1:2}", "unexpected character '1', expected a string key", "1:2"),
        ("01", "invalid number: leading zeros are not allowed", "1:1"),
        ("1.", "unexpected end of input, expected a digit", "1:3"),
        ("1.x", "invalid number: expected a digit after '.'", "1:3"),
        ("-", "unexpected end of input, expected a digit", "1:2"),
        ("1e+", "unexpected end of input, expected a digit", "1:4"),
        ("tru", "unexpected end of input, expected 'true'", "1:4"),
        ("trUe", "unexpected character 'U', expected 'true'", "1:3"),
        ("NaN", "unexpected character 'N', expected a value", "1:1"),
        (#""a\x""#, "invalid escape sequence '\\x' in string", "1:3"),
        (#""\u12G4""#, "invalid \\u escape: expected four hex digits", "1:6"),
        (#""\ud800""#, "lone surrogate \\uD800 in string (not half of a surrogate pair)", "1:2"),
        (#""\udc00""#, "lone surrogate \\uDC00 in string (not half of a surrogate pair)", "1:2"),
        (#""\ud800\u0041""#, "lone surrogate \\uD800 in string (not half of a surrogate pair)", "1:2"),
        ("\"a\tb\"", "control character U+0009 must be escaped in a string", "1:3"),
        ("\"abc", "unexpected end of input, expected '\"' to close the string", "1:5"),
        (
            "[1]\n x",
            "unexpected character 'x' after the JSON value", "2:2"
        ),
        ("", "empty input, expected a JSON value", "1:1"),
    ])
    func malformedInputIsRejectedWithItsPlace(text: String, message: String, place: String) {
        let error = readError(text, framing: .json)
        #expect(error?.message == message)
        #expect(error?.place == place)
    }

    @Test func invalidUTF8IsRejectedAtTheBadByte() {
        for bytes: [UInt8] in [
            [0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
        ] {
            #expect(
                readError(bytes)?.message
                    == "invalid UTF-8: byte 0x\(String(bytes[1], radix: 16, uppercase: true)) does not start a valid sequence"
            )
            #expect(readError(bytes)?.place == "1:2")
        }
        #expect(readError([0x22, 0xE6, 0x97, 0x22])?.place == "1:2")
        #expect(readError([0xFF])?.message == "unexpected byte 0xFF, expected a value")
    }

    @Test func depthIsBoundedWithoutRecursion() throws {
        let deep = String(repeating: "[", count: 100_000)
        #expect(
            readError(deep, framing: .json)?.message == "nesting deeper than 512 levels")
        #expect(readError(deep, framing: .json)?.place == "1:513")
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try readRecords(ok, framing: .jsonStream).count == 1)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(readError(tooDeep, framing: .jsonStream) != nil)
        #expect(
            try readRecords(
                String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000), framing: .jsonStream,
                maxDepth: 5_000
            ).count == 1)
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(readError("[\"日本\", x]", framing: .json)?.place == "1:8")
    }
}
