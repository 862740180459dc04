import Foundation
import Testing

/// Places are counted in the lines the input's reader counts: for YAML, libyaml's line breaks
/// (YAML 1.1's: CRLF, a lone CR, LF, NEL, LS and PS); for CSV, the row ends it accepts (CRLF, a
/// lone CR, LF). The source line shown under a place, and the YAML input kept for showing it,
/// count the same way. Counting LF only would show a place after any other break on the wrong
/// line or on none, give a CSV place after a lone CR the wrong line, and hold a long YAML
/// sequence with CR line ends whole, copied once per batch.
@Suite struct LineBreakPlacesTests {
    private static let schema = #"{"type": "object", "properties": {"id": {"type": "integer"}}}"#

    /// `validate` of `text` in `format` against `schema`, from a file and from standard input.
    private static func validate(_ text: String, format: String = "yaml") throws -> (
        file: CodableBinary.Result, pipe: CodableBinary.Result
    ) {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let schema = directory.appendingPathComponent("schema.json")
        try Self.schema.write(to: schema, atomically: true, encoding: .utf8)
        let file = directory.appendingPathComponent("list.\(format)")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try CodableBinary.run(["validate", "--schema", schema.path, "--each", file.path])
        let fromPipe = try CodableBinary.run(
            ["validate", "--schema", schema.path, "--each", "--from", format], stdin: text)
        return (fromFile, fromPipe)
    }

    /// 60,000 items (about 2 MB: several batches, each trimming the input kept), one of them
    /// invalid, then a syntax error: both are shown on their own line, whatever ends the lines.
    @Test(arguments: ["\r", "\r\n", "\n"])
    func placesInALongSequenceWhateverEndsItsLines(lineEnd: String) throws {
        let count = 60_000
        let items = (0..<count).map { "- {id: \($0 == 50_000 ? "x" : "")\($0), name: \"user \($0)\"}" + lineEnd }
        let (file, pipe) = try Self.validate(items.joined() + "- {id: [oops" + lineEnd)
        #expect(file.status == 1 && pipe.status == 1)
        let invalid = """
            :50001:8: error: expected integer, found string "x50000"
                at $[50000].id (schema /properties/id/type)
                - {id: x50000, name: "user 50000"}
                       ^

            """
        #expect(file.stdout.contains("list.yaml" + invalid), "\(file.stdout.prefix(400))")
        #expect(pipe.stdout.contains("<stdin>" + invalid), "\(pipe.stdout.prefix(400))")
        let syntax = ":\(count + 2):1: error: while parsing a flow sequence"
        #expect(file.stdout.contains("list.yaml" + syntax), "\(file.stdout.suffix(400))")
        #expect(pipe.stdout.contains("<stdin>" + syntax), "\(pipe.stdout.suffix(400))")
    }

    /// A line break inside a quoted value is a line for libyaml, so the next item's line is the
    /// third: it is shown there, with the item's text under the place.
    @Test(arguments: ["\r", "\u{85}", "\u{2028}", "\u{2029}"])
    func aLineBreakInsideAQuotedValue(lineBreak: String) throws {
        let (file, pipe) = try Self.validate("- {id: 1, name: \"two\(lineBreak)lines\"}\n- {id: x, name: b}\n")
        let invalid = """
            :3:8: error: expected integer, found string "x"
                at $[1].id (schema /properties/id/type)
                - {id: x, name: b}
                       ^

            """
        #expect(file.stdout.contains("list.yaml" + invalid), "\(file.stdout)")
        #expect(pipe.stdout.contains("<stdin>" + invalid), "\(pipe.stdout)")
    }

    /// 60,000 CSV rows (about 0.8 MB, read in several buffers), one of them invalid: shown on
    /// its own line, whatever ends the rows, and after a quoted field holding a lone CR.
    @Test(arguments: ["\r", "\r\n", "\n"])
    func csvPlacesWhateverEndsTheRows(lineEnd: String) throws {
        let rows = (0..<60_000).map { "\($0 == 50_000 ? "x" : "")\($0),user \($0)" + lineEnd }
        let quoted = "id,name" + lineEnd + "1,\"two\rlines\"" + lineEnd + "x,b" + lineEnd
        let (file, pipe) = try Self.validate("id,name" + lineEnd + rows.joined(), format: "csv")
        let (quotedFile, quotedPipe) = try Self.validate(quoted, format: "csv")
        let invalid = """
            :50002:1: error: expected integer, found string "x50000"
                at $[50000].id (schema /properties/id/type)
                x50000,user 50000
                ^

            """
        #expect(file.stdout.contains("list.csv" + invalid), "\(file.stdout.prefix(400))")
        #expect(pipe.stdout.contains("<stdin>" + invalid), "\(pipe.stdout.prefix(400))")
        let afterQuoted = """
            :4:1: error: expected integer, found string "x"
                at $[1].id (schema /properties/id/type)
                x,b
                ^

            """
        #expect(quotedFile.stdout.contains("list.csv" + afterQuoted), "\(quotedFile.stdout)")
        #expect(quotedPipe.stdout.contains("<stdin>" + afterQuoted), "\(quotedPipe.stdout)")
    }
}
