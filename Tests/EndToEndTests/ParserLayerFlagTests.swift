import Foundation
import Testing

/// The parser layer knows bytes, values, dates and models, not the command line: no source file
/// of it names a command-line option, in a message or a comment. It says what is wrong (as a
/// typed value or flag-free text); the commands layer names the option that helps.
@Suite struct ParserLayerFlagTests {
    /// Every module below the pipeline: bytes and values only.
    static let modules = [
        "CodableParsing", "CodableYAML", "CodableDates", "CodableDecoding", "CodableModels",
        "CodableSwiftModels", "CodableSchema", "CodableSchemaModels", "CodableReports", "CodableSchemaGeneration",
        "CodableInference",
    ]

    /// An option's name: two dashes at the start of a word, then a word of two letters or more
    /// (`--items`, `--max-depth`). Not `x--`, `ab--cd`, a `// ---` rule, or YAML's `--x` scalar.
    static func namesOption(_ line: Substring) -> Bool {
        let bytes = Array(line.utf8)
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        func isLower(_ index: Int) -> Bool { index < bytes.count && bytes[index] >= 0x61 && bytes[index] <= 0x7A }
        func isLowerOrDigit(_ index: Int) -> Bool {
            isLower(index) || (index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39)
        }
        for index in bytes.indices.dropLast()
        where bytes[index] == UInt8(ascii: "-") && bytes[index + 1] == UInt8(ascii: "-") {
            if index > 0 && isWordByte(bytes[index - 1]) { continue }
            if isLower(index + 2) && isLowerOrDigit(index + 3) { return true }
        }
        return false
    }

    /// `file:line: text` for each line of `text` that names an option.
    static func namedOptions(in text: String, file: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            namesOption(line) ? "\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))" : nil
        }
    }

    @Test func noParserLayerSourceNamesAnOption() throws {
        var found: [String] = []
        var files = 0
        for module in Self.modules {
            let folder = CodableBinary.repositoryRoot.appendingPathComponent("Sources/\(module)")
            let walk = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let url as URL in walk where url.pathExtension == "swift" {
                files += 1
                let relative = "Sources/\(module)/" + url.path.dropFirst(folder.path.count + 1)
                found += Self.namedOptions(in: try String(contentsOf: url, encoding: .utf8), file: relative)
            }
        }
        #expect(files > 100)
        #expect(found.isEmpty, "the parser layer names command-line options:\n\(found.joined(separator: "\n"))")
    }

    /// The pattern finds options and nothing that only looks like one.
    @Test func thePatternIsPrecise() {
        let named = [
            "/// with `--items`", #""(raise it with --max-depth)""#, "--on-error skip", "(--items)",
            "a --yaml-max-alias-nodes",
        ]
        for line in named { #expect(!Self.namedOptions(in: line, file: "f").isEmpty, "\(line)") }
        let notNamed = ["count--", "i -= 1; x--", "`ab--cd`", "// ---------", "`--x`", "--", "a -- b", "--1"]
        for line in notNamed { #expect(Self.namedOptions(in: line, file: "f").isEmpty, "\(line)") }
    }
}
