import Foundation
import Testing

/// The bad-input matrix of `docs/bad-input.md`, read from that file and checked cell by cell
/// through the real binary, for every command and input format: the exit status, a located
/// error, whole records only on standard output, no crash signal, no hang (each run is killed
/// after a time limit, which shows as status 137).
@Suite struct BadInputMatrixTests {
    static let cells = MatrixCell.all

    @Test func theTablesHaveEveryRowFormatAndCommand() {
        for cell in Self.cells {
            if case .unknown(let label) = cell.input { Issue.record("\(cell.command.rawValue): unknown row \(label)") }
        }
        let formats = ["json", "jsonl", "yaml", "csv", "tsv"]
        for command in MatrixCommand.allCases {
            let mine = Self.cells.filter { $0.command == command }
            let expectedFormats =
                command == .convert ? ["json", "jsonl", "json-seq", "json-stream"] + formats.dropFirst(2) : formats
            #expect(Set(mine.map(\.format)) == Set(expectedFormats), "\(command.rawValue)")
            #expect(
                mine.count == BadInput.all.count * expectedFormats.count, "\(command.rawValue): \(mine.count) cells")
            for input in BadInput.all {
                #expect(mine.contains { $0.input == input }, "\(command.rawValue): no row for \(input)")
            }
        }
    }

    @Test(arguments: cells.filter { !$0.input.isBig && !$0.input.isTruncation })
    func cell(_ cell: MatrixCell) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("input")
        try cell.input.bytes(for: cell.format).write(to: file)
        let result = try runShell(cell.command.shell(format: cell.format, input: file))
        cell.check(result, records: cell.input.expectedRecords(for: cell.format, decoded: cell.command == .decode))
    }

    /// The small file cut after each of its bytes (0 … all of them).
    @Test(.releaseCheck, arguments: cells.filter(\.input.isTruncation))
    func truncation(_ cell: MatrixCell) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let small = BadInput.smallFile(cell.format)
        guard let accepted = cell.acceptedLengths, !accepted.isEmpty else {
            Issue.record("\(cell.testDescription): unreadable cell '\(cell.expected)'")
            return
        }
        let file = directory.appendingPathComponent("input")
        for length in 0...small.count {
            try small.prefix(length).write(to: file)
            let result = try runShell(cell.command.shell(format: cell.format, input: file))
            let name = "\(cell.testDescription) cut after \(length) bytes"
            if accepted.contains(length) {
                #expect(
                    result.status == 0,
                    "\(name): status \(result.status): \(result.stderr.prefix(300)) \(result.stdout.prefix(300))")
                MatrixCell.checkSuccess(
                    result, command: cell.command, records: length == small.count ? BadInput.records : nil, name: name)
            } else {
                #expect(result.status == 1, "\(name): status \(result.status): \(result.stderr.prefix(300))")
                let report = cell.command.isValidate ? result.stdout : result.stderr
                #expect(report.firstMatch(of: #/^<stdin>:\d+:\d+: error: /#) != nil, "\(name): \(report.prefix(300))")
                MatrixCell.checkFailureOutput(result, command: cell.command, name: name)
            }
        }
    }

    /// The 130 MB string and the million keys: generated once per format, fed through a pipe
    /// to every command, two runs at a time; only the size of standard output is kept. One
    /// format at a time, so that at most two big runs (about 700 MB each) share the machine.
    @Test(.releaseCheck, .serialized, arguments: ["json", "jsonl", "json-seq", "json-stream", "yaml", "csv", "tsv"])
    func bigInputs(format: String) throws {
        let big = Self.cells.filter { $0.input.isBig && $0.format == format }
        #expect(big.count == (format.hasPrefix("json-") ? 2 : 2 * MatrixCommand.allCases.count))
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let free =
            (try? FileManager.default.attributesOfFileSystem(forPath: folder.path)[.systemFreeSize] as? NSNumber)?
            .int64Value ?? 0
        guard free > 1 << 30 else {
            print("BadInputMatrixTests.bigInputs: skipped, only \(free >> 20) MB free in \(folder.path) (needs 1 GB)")
            return
        }
        var files: [BadInput: URL] = [:]
        for input in [BadInput.hugeString, .millionKeys] {
            let file = folder.appendingPathComponent("\(input == .hugeString ? "huge" : "keys").\(format)")
            try input.bytes(for: format).write(to: file)
            files[input] = file
        }
        let commands = big.map {
            $0.command.shell(format: format, input: files[$0.input]!, piped: true, seconds: 300, countingOutput: true)
        }
        let results = big.map { _ in Locked<Result<CodableBinary.Result, any Error>?>(nil) }
        DispatchQueue.concurrentPerform(iterations: big.count) { index in
            results[index].set(Result { try runShell(commands[index]) })
        }
        for (index, cell) in big.enumerated() {
            guard case .success(var result) = results[index].get() else {
                Issue.record("\(cell.testDescription): \(String(describing: results[index].get()))")
                continue
            }
            let size = Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            result.stdout = ""
            cell.check(result, records: nil)
            if cell.expected == "0" {
                let expected: Int
                switch cell.command {
                case .validateSchema, .validateModel: expected = 0
                // {"b":"…"} or {}
                case .decode: expected = cell.input == .hugeString ? 9 + BadInput.hugeStringLength : 3
                // {"k0":0,…}
                case .convert: expected = cell.input == .hugeString ? 9 + BadInput.hugeStringLength : 16_777_782
                }
                #expect(size == expected, "\(cell.testDescription): \(size) bytes out")
            }
        }
    }
}
