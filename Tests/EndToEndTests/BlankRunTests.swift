import Foundation
import Testing

/// Long runs of blanks (spaces, blank lines) are read and let go, not kept until the next
/// value: `Scripts/memory.sh` measures that they cost no memory. Here: what comes after a
/// run of 3 MiB (longer than a read chunk and the YAML source window) is still read whole,
/// and a problem after it is at its exact line and column.
@Suite struct BlankRunTests {
    static let run = 3 << 20

    static func blanks(_ character: String) -> String { String(repeating: character, count: run) }

    /// Runs `convert ARGUMENTS --to jsonl` on `input`: the records it wrote, and the first
    /// line of its error (exit status 1), or nil when it succeeded.
    static func convert(_ arguments: [String], _ input: String) throws -> (records: String, error: String?) {
        let result = try CodableBinary.run(["convert"] + arguments + ["--to", "jsonl"], stdin: input)
        #expect(result.status == (result.stderr.isEmpty ? 0 : 1), "\(result.stderr.prefix(300))")
        return (result.stdout, result.stderr.isEmpty ? nil : String(result.stderr.prefix { $0 != "\n" }))
    }

    @Test func jsonTextAfterRunsOfSpacesAndLineBreaks() throws {
        let read = try Self.convert(["--from", "json"], Self.blanks(" ") + "[1," + Self.blanks("\n") + " 2, x]")
        #expect(read.records == "1\n2\n")
        #expect(read.error == "<stdin>:\(Self.run + 1):5: error: unexpected character 'x', expected a value")
    }

    /// After a `,` the next element may be long in coming: the blanks before it are let go too.
    @Test func arrayElementsAfterARunFollowingTheirComma() throws {
        let read = try Self.convert([], "[1," + Self.blanks(" ") + "2," + Self.blanks("\n") + " ]")
        #expect(read.records == "1\n2\n")
        #expect(read.error == "<stdin>:\(Self.run + 1):2: error: unexpected character ']', expected a value")
    }

    /// `--items` read as it comes: runs after an items array's comma, between envelopes, and
    /// after a top-level array's comma.
    @Test func itemsAfterRunsInAndBetweenEnvelopes() throws {
        let input =
            "[{\"items\":[1," + Self.blanks(" ") + "2]}," + Self.blanks("\n") + "{\"items\":[3]}]" + Self.blanks(" ")
            + "x"
        let read = try Self.convert(["--items", "items"], input)
        #expect(read.records == "1\n2\n3\n")
        #expect(
            read.error
                == "<stdin>:\(Self.run + 1):\(Self.run + 15): error: unexpected character 'x' after the JSON value (use --from json-stream or jsonl for several values)"
        )
    }

    @Test func sniffedInputAfterARunOfSpaces() throws {
        let read = try Self.convert([], Self.blanks(" ") + "{\"a\":1}\n" + Self.blanks(" ") + "{\"a\":2}")
        #expect(read.records == "{\"a\":1}\n{\"a\":2}\n")
        #expect(read.error == nil)
    }

    @Test func jsonLinesWithLinesThatBeginWithARunOfSpaces() throws {
        let read = try Self.convert(
            ["--from", "jsonl"], Self.blanks(" ") + "{\"a\":1}\n" + Self.blanks(" ") + "{\"a\":\n")
        #expect(read.records == "{\"a\":1}\n")
        #expect(
            read.error
                == "<stdin>:2:\(Self.run + 6): error: unexpected end of line, expected a value (JSON Lines hold one whole value per line)"
        )
    }

    @Test func jsonSequenceWithRunsBetweenRecords() throws {
        let read = try Self.convert(
            ["--from", "json-seq"], "\u{1E}1\n" + Self.blanks("\n") + "\u{1E}2\n" + Self.blanks(" ") + "\u{1E}[\n")
        #expect(read.records == "1\n2\n")
        #expect(read.error == "<stdin>:\(Self.run + 4):1: error: unexpected end of input, expected a value or ']'")
    }

    /// Blank lines before the first document and after an explicit end (`...`), where no
    /// document is open, are the ones let go; lines after them stay exact.
    @Test func yamlDocumentsAfterRunsOfBlankLines() throws {
        let input =
            Self.blanks("\n") + "# note\na: 1\n...\n" + Self.blanks("\n") + "---\nb: 2\n...\n" + Self.blanks("\n")
            + "---\nc: [\n"
        let read = try Self.convert(["--from", "yaml"], input)
        #expect(read.records == "{\"a\":1}\n{\"b\":2}\n")
        // Three runs and nine other lines; the input ends at the start of the line after them.
        #expect(
            read.error
                == "<stdin>:\(3 * Self.run + 9):1: error: while parsing a flow node: did not find expected node content"
        )
    }

    /// Many small documents, then a run: the documents read so far are handed on before the
    /// run is let go (they wait for no more input), and the next one is still located.
    @Test func yamlRunAfterManySmallDocuments() throws {
        let documents = (1...5000).map { "---\nx: \($0)\n...\n" }.joined()
        let read = try Self.convert(["--from", "yaml"], documents + Self.blanks("\n") + "---\nb: 2\n---\nc: [\n")
        #expect(read.records == (1...5000).map { "{\"x\":\($0)}\n" }.joined() + "{\"b\":2}\n")
        #expect(
            read.error
                == "<stdin>:\(3 * 5000 + Self.run + 5):1: error: while parsing a flow node: did not find expected node content"
        )
    }
}
