import CodableModels
import CodableParsing
import Foundation
import Testing

@testable import CodableCommands

/// The parser layer says what is wrong without naming an option; the commands layer adds the
/// option that helps, so that what codable prints reads as one message. Each remedy here, in
/// full; the golden fixtures print most of them through the binary too.
@Suite struct RemedyTests {
    @Test func syntaxRemediesNameTheirOption() {
        #expect(
            JSONSyntaxError.Reason.tooDeep(limit: 512).printedMessage
                == "nesting deeper than 512 levels (raise it with --max-depth)")
        #expect(
            JSONSyntaxError.Reason.tooManyValues(limit: 9).printedMessage
                == "array or object holding more than 9 values, the most one record can hold "
                + "(read the array inside it record by record with --items)")
        #expect(
            JSONSyntaxError.Reason.recordTooLarge(limit: 64).printedMessage
                == "record longer than 64 bytes, the most one record can hold "
                + "(read the array inside it record by record with --items)")
        #expect(
            JSONSyntaxError.Reason.secondValue(UInt8(ascii: "x")).printedMessage
                == "unexpected character 'x' after the JSON value (use --from json-stream or jsonl for several values)")
        #expect(
            JSONSyntaxError.Reason.tooManyAliasNodes(limit: 100).printedMessage
                == "aliases expand to more than 100 nodes in this document (a \"billion laughs\" file?); "
                + "raise the limit with --yaml-max-alias-nodes")
        #expect(JSONSyntaxError.Reason.tooLong(limit: 8).printedMessage == "string or number longer than 8 bytes")
    }

    @Test func modelRemediesNameTheirOption() {
        let problem = ModelReadError(message: "codable cannot know how it decodes", remedy: .describeWithSchema)
        #expect(problem.printedMessage == "codable cannot know how it decodes: pass --schema for it")
        #expect(ModelRemedy.higherDepthLimit.text == " (raise it with --max-depth)")
        #expect(ModelRemedy.readArrayRecordByRecord.text == " (read the array inside it record by record with --items)")
        #expect(ModelReadError(message: "no such type").printedMessage == "no such type")
    }

    /// A schema nested past the reader's limit, read to validate and to decode: the two ways a
    /// schema is read (compiled, and as a model) carry the reason to the commands layer.
    @Test(arguments: [["validate", "--schema", "deep.json"], ["decode", "--schema", "deep.json", "--type", "T"]])
    func aSchemaTooDeepSaysSo(arguments: [String]) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let deep = #"{"items":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
        try deep.write(to: directory.appendingPathComponent("deep.json"), atomically: true, encoding: .utf8)
        let result = try CodableBinary.run(arguments, stdin: Data("{}\n".utf8), in: directory)
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "deep.json:1:521: error: the schema is not valid JSON: nesting deeper than 512 levels "
                    + "(raise it with --max-depth)\n"), "\(result.stderr)")
    }

    /// Each reason a Swift type's decoding is unknown ends in the option that describes it.
    @Test func aSubclassNamesTheSchemaOption() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "class Base: Codable {}\nfinal class Sub: Base {}\n".write(
            to: directory.appendingPathComponent("M.swift"), atomically: true, encoding: .utf8)
        let result = try CodableBinary.run(
            ["decode", "--model", "M.swift", "--type", "Sub"], stdin: Data("{}\n".utf8), in: directory)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "M.swift:2:13: error: `Sub` cannot be decoded from source: `Sub` inherits from the class `Base` "
                + "(M.swift:2); codable cannot know how a subclass decodes: pass --schema for it\n")
    }
}
