import Foundation
import Testing

/// Long runs of blanks (spaces, blank lines) are read and let go, not kept until the next
/// value: `Scripts/memory.sh` measures that they cost no memory. Here: what comes after a
/// run of 3 MiB (longer than a read chunk and the YAML source window) is still read whole,
/// and a problem after it is at its exact line and column.
@Suite struct BlankRunTests {
    static let run = 3 << 20

    static func blanks(_ character: String) -> String { String(repeating: character, count: run) }

    @Test func jsonTextAfterRunsOfSpacesAndLineBreaks() throws {
        let input = Self.blanks(" ") + "[1," + Self.blanks("\n") + " 2, x]"
        let result = try CodableBinary.run(["convert", "--from", "json", "--to", "jsonl"], stdin: input)
        #expect(result.status == 1)
        #expect(result.stdout == "1\n2\n")
        #expect(result.stderr.hasPrefix("<stdin>:\(Self.run + 1):5: error: unexpected character 'x', expected a value\n"), "\(result.stderr.prefix(300))")
    }

    @Test func sniffedInputAfterARunOfSpaces() throws {
        let result = try CodableBinary.run(["convert", "--to", "jsonl"], stdin: Self.blanks(" ") + "{\"a\":1}\n" + Self.blanks(" ") + "{\"a\":2}")
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        #expect(result.stdout == "{\"a\":1}\n{\"a\":2}\n")
    }

    @Test func jsonLinesWithLinesThatBeginWithARunOfSpaces() throws {
        let input = Self.blanks(" ") + "{\"a\":1}\n" + Self.blanks(" ") + "{\"a\":\n"
        let result = try CodableBinary.run(["convert", "--from", "jsonl", "--to", "jsonl"], stdin: input)
        #expect(result.status == 1)
        #expect(result.stdout == "{\"a\":1}\n")
        #expect(result.stderr.hasPrefix("<stdin>:2:\(Self.run + 6): error: unexpected end of line, expected a value"), "\(result.stderr.prefix(300))")
    }

    @Test func jsonSequenceWithRunsBetweenRecords() throws {
        let input = "\u{1E}1\n" + Self.blanks("\n") + "\u{1E}2\n" + Self.blanks(" ") + "\u{1E}[\n"
        let result = try CodableBinary.run(["convert", "--from", "json-seq", "--to", "jsonl"], stdin: input)
        #expect(result.status == 1)
        #expect(result.stdout == "1\n2\n")
        #expect(result.stderr.hasPrefix("<stdin>:\(Self.run + 4):1: error: unexpected end of input, expected a value or ']'"), "\(result.stderr.prefix(300))")
    }

    /// Blank lines before the first document and after an explicit end (`...`), where no
    /// document is open, are the ones let go; lines and excerpts after them stay exact.
    @Test func yamlDocumentsAfterRunsOfBlankLines() throws {
        let input = Self.blanks("\n") + "# note\na: 1\n...\n" + Self.blanks("\n") + "---\nb: 2\n...\n" + Self.blanks("\n") + "---\nc: [\n"
        let result = try CodableBinary.run(["convert", "--from", "yaml", "--to", "jsonl"], stdin: input)
        #expect(result.status == 1)
        #expect(result.stdout == "{\"a\":1}\n{\"b\":2}\n")
        // Three runs and nine other lines; the input ends at the start of the line after them.
        #expect(result.stderr == "<stdin>:\(3 * Self.run + 9):1: error: while parsing a flow node: did not find expected node content\n", "\(result.stderr.prefix(300))")
    }
}
