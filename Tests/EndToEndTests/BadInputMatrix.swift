import Foundation
import Testing

/// The commands of the bad-input matrix, each run on standard input with `--from FORMAT`.
enum MatrixCommand: String, Sendable, CaseIterable {
    case convert = "convert"
    case decode = "decode"
    case validateSchema = "validate --schema"
    case validateModel = "validate --model"

    /// The small model and schema the matrix decodes and validates with.
    static let model = "Tests/BadInput/Record.swift"
    static let schema = "Tests/BadInput/record.schema.json"

    /// The command line, as `docs/bad-input.md` shows it.
    func arguments(format: String) -> [String] {
        switch self {
        case .convert: return ["convert", "--from", format, "--to", "jsonl"]
        case .decode: return ["decode", "--from", format, "--model", Self.model, "--type", "Record", "--to", "jsonl"]
        case .validateSchema: return ["validate", "--from", format, "--schema", Self.schema, "--each"]
        case .validateModel: return ["validate", "--from", format, "--model", Self.model, "--type", "Record"]
        }
    }

    /// `validate` writes its report (the located errors) on standard output and a summary line
    /// on standard error; `convert` and `decode` write records out and errors on standard error.
    var isValidate: Bool { self == .validateSchema || self == .validateModel }

    /// The shell command running this on `input` (a file, or a pipe from `cat` when `piped`),
    /// killed after `seconds` (a hang shows as status 137).
    func shell(format: String, input: URL, piped: Bool = false, seconds: Int = 60, countingOutput: Bool = false)
        -> String
    {
        let command =
            "timeout -s KILL \(seconds) \(CodableBinary.url.path) "
            + arguments(format: format).map { "'\($0)'" }.joined(separator: " ")
        let run = piped ? "cat '\(input.path)' | \(command)" : "\(command) < '\(input.path)'"
        return countingOutput ? "\(run) | wc -c; exit ${PIPESTATUS[\(piped ? 1 : 0)]}" : run
    }
}

/// One cell of the matrix: an input kind read in one format by one command.
struct MatrixCell: Sendable, CustomTestStringConvertible {
    var command: MatrixCommand
    var input: BadInput
    var format: String
    /// The cell's text: `0`, `1 at L:C`, `1 at L:C: MESSAGE`, or `0 for N, N; else 1`.
    var expected: String
    /// The row's message, for `1 at L:C` cells.
    var rowMessage: String
    var testDescription: String { "\(command.rawValue): \(input) in \(format)" }

    /// Every cell of the tables in `docs/bad-input.md` ("## The matrix", one "### COMMAND"
    /// table each, formats as the header row's columns between `input` and `message`).
    static let all: [MatrixCell] = {
        let url = CodableBinary.repositoryRoot.appendingPathComponent("docs/bad-input.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8),
            let matrix = text.components(separatedBy: "\n## The matrix").dropFirst().first?.components(
                separatedBy: "\n## "
            ).first
        else { return [] }
        var cells: [MatrixCell] = []
        for section in matrix.components(separatedBy: "\n### ").dropFirst() {
            let heading = section.prefix { $0 != "\n" }.trimmingCharacters(in: .whitespaces)
            guard let command = MatrixCommand(rawValue: heading) else {
                cells.append(
                    MatrixCell(
                        command: .convert, input: .unknown("section \(heading)"), format: "", expected: "",
                        rowMessage: ""))
                continue
            }
            var formats: [String] = []
            for line in section.split(separator: "\n") where line.hasPrefix("| ") {
                let columns = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                if columns.first == "input" {
                    formats = Array(columns.dropFirst().dropLast())
                    continue
                }
                guard columns.count == formats.count + 2, let input = BadInput(label: columns[0]) else {
                    cells.append(
                        MatrixCell(
                            command: command, input: .unknown(columns.first ?? String(line)), format: "", expected: "",
                            rowMessage: ""))
                    continue
                }
                for (offset, format) in formats.enumerated() {
                    cells.append(
                        MatrixCell(
                            command: command, input: input, format: format, expected: columns[offset + 1],
                            rowMessage: columns.last!))
                }
            }
        }
        return cells
    }()

    /// The input lengths a truncation cell (`0 for 0, 17, 18; else 1`) accepts.
    var acceptedLengths: Set<Int>? {
        guard expected.hasPrefix("0 for "), expected.hasSuffix("; else 1") else { return nil }
        return Set(
            expected.dropFirst("0 for ".count).dropLast("; else 1".count)
                .split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) })
    }

    /// Checks a `0` or `1 at L:C[: MESSAGE]` cell against a run's result. `records` is the exact
    /// output a status-0 `convert` or `decode` must write, when known.
    func check(_ result: CodableBinary.Result, records: String?, name: String? = nil) {
        let name = name ?? testDescription
        if expected == "0" {
            #expect(
                result.status == 0,
                "\(name): status \(result.status): \(result.stderr.prefix(300)) \(result.stdout.prefix(300))")
            Self.checkSuccess(result, command: command, records: records, name: name)
            return
        }
        guard let match = expected.wholeMatch(of: #/1 at (\d+:\d+)(?:: (.+))?/#) else {
            Issue.record("\(name): unreadable cell '\(expected)'")
            return
        }
        #expect(result.status == 1, "\(name): status \(result.status): \(result.stderr.prefix(300))")
        let message = match.2.map(String.init) ?? rowMessage
        let report = command.isValidate ? result.stdout : result.stderr
        let firstLine = report.prefix { $0 != "\n" }
        let located = "<stdin>:\(match.1): error: "
        #expect(
            firstLine.hasPrefix(located) && Self.matches(String(firstLine.dropFirst(located.count)), message),
            "\(name): expected \(located)\(message), got \(firstLine.prefix(300))")
        Self.checkFailureOutput(result, command: command, name: name)
    }

    /// Status 0: records (or nothing, for validate) on standard output; standard error empty
    /// (for validate, only the summary line).
    static func checkSuccess(_ result: CodableBinary.Result, command: MatrixCommand, records: String?, name: String) {
        if command.isValidate {
            #expect(result.stdout.isEmpty, "\(name): \(result.stdout.prefix(300))")
            #expect(
                result.stderr.wholeMatch(of: #/1 file, \d+ records?, 0 errors in \d+\.\d\d s\n/#) != nil,
                "\(name): \(result.stderr.prefix(300))")
        } else {
            #expect(result.stderr.isEmpty, "\(name): \(result.stderr.prefix(300))")
            // Booleans first: an expectation on the output itself would print all of it.
            let exact = records.map { result.stdout == $0 } ?? isWholeJSONLines(result.stdout)
            #expect(exact, "\(name): \(result.stdout.prefix(300))")
        }
    }

    /// Status 1: `convert` and `decode` write only whole records (those before the fault);
    /// validate ends with its summary line, counting the errors.
    static func checkFailureOutput(_ result: CodableBinary.Result, command: MatrixCommand, name: String) {
        if command.isValidate {
            #expect(
                result.stderr.firstMatch(of: #/1 file, \d+ records?, [1-9]\d* errors? in \d+\.\d\d s\n$/#) != nil,
                "\(name): \(result.stderr.prefix(300))")
        } else {
            let whole = isWholeJSONLines(result.stdout)
            #expect(whole, "\(name): partial output \(result.stdout.prefix(300))")
        }
    }

    /// `text` is empty or JSON values, one a line, each line ended.
    static func isWholeJSONLines(_ text: String) -> Bool {
        guard !text.isEmpty else { return true }
        guard text.hasSuffix("\n") else { return false }
        return text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).allSatisfy {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed)) != nil
        }
    }

    /// A message matches the documented one; `…` in it stands for any text (a long number).
    private static func matches(_ actual: String, _ documented: String) -> Bool {
        let parts = documented.components(separatedBy: "…")
        guard parts.count == 2 else { return actual == documented }
        return actual.hasPrefix(parts[0]) && actual.hasSuffix(parts[1]) && actual.count >= documented.count - 1
    }
}
