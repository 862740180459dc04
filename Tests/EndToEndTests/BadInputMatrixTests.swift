import Foundation
import Testing

/// The bad-input matrix of `docs/bad-input.md`, read from that file and checked cell by cell
/// through the real binary: the exit status, a located error, no crash signal, no hang.
@Suite struct BadInputMatrixTests {
    /// One cell of the table: an input kind read in one format.
    struct Cell: Sendable, CustomTestStringConvertible {
        var input: BadInput
        var format: String
        /// The cell's text: `0`, `1 at L:C`, or `0 for N, N; else 1`.
        var expected: String
        /// The row's message (status-1 cells).
        var message: String
        var testDescription: String { "\(input) in \(format)" }
    }

    static let formats = ["json", "jsonl", "json-seq", "json-stream"]

    /// Every cell of the matrix in `docs/bad-input.md`.
    static let cells: [Cell] = {
        let url = CodableBinary.repositoryRoot.appendingPathComponent("docs/bad-input.md")
        guard let text = try? String(contentsOf: url, encoding: .utf8),
              let section = text.components(separatedBy: "## The matrix").dropFirst().first else { return [] }
        var cells: [Cell] = []
        for line in section.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| input ") {
            let columns = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard columns.count == formats.count + 2, let input = BadInput(label: columns[0]) else {
                cells.append(Cell(input: .unknown(columns.first ?? String(line)), format: "", expected: "", message: ""))
                continue
            }
            for (offset, format) in formats.enumerated() {
                cells.append(Cell(input: input, format: format, expected: columns[offset + 1], message: columns.last!))
            }
        }
        return cells
    }()

    @Test func theTableHasEveryRowAndFormat() {
        #expect(Self.cells.count == 11 * Self.formats.count)
        for cell in Self.cells { if case .unknown(let label) = cell.input { Issue.record("unknown row: \(label)") } }
    }

    @Test(arguments: cells.filter { !$0.input.isBig && !$0.input.isTruncation })
    func cell(_ cell: Cell) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = cell.input.bytes(for: cell.format)
        let result = try Self.convert(data, format: cell.format, in: directory)
        try Self.check(result, against: cell.expected, message: cell.message, cell: cell.testDescription)
        if result.status == 0 {
            #expect(result.stdout == cell.input.expectedOutput(for: cell.format), "\(cell.testDescription)")
        }
    }

    @Test(arguments: cells.filter(\.input.isTruncation))
    func truncation(_ cell: Cell) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = BadInput.smallFile(cell.format)
        // "0 for 45, 46; else 1"
        let accepted = Set(cell.expected.replacingOccurrences(of: "0 for ", with: "")
            .replacingOccurrences(of: "; else 1", with: "")
            .split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) })
        #expect(!accepted.isEmpty && cell.expected.hasSuffix("; else 1"), "unreadable cell \(cell.expected)")
        for length in 0...file.count {
            let result = try Self.convert(file.prefix(length), format: cell.format, in: directory)
            let name = "\(cell.format) cut after \(length) bytes"
            if accepted.contains(length) {
                #expect(result.status == 0, "\(name): \(result.stderr)")
                #expect(result.stderr.isEmpty, "\(name)")
            } else {
                #expect(result.status == 1, "\(name): status \(result.status)")
                #expect(result.stderr.firstMatch(of: #/^<stdin>:\d+:\d+: error: /#) != nil, "\(name): \(result.stderr)")
            }
        }
    }

    /// The 100 MB string and the million keys, one shared generated file each, every format.
    @Test func bigInputs() throws {
        let big = Self.cells.filter(\.input.isBig)
        #expect(big.count == 2 * Self.formats.count)
        let directory = FileManager.default.temporaryDirectory
        let free = (try? FileManager.default.attributesOfFileSystem(forPath: directory.path)[.systemFreeSize] as? NSNumber)?.int64Value ?? 0
        guard free > 400 << 20 else {
            print("BadInputMatrixTests.bigInputs: skipped, only \(free >> 20) MB free in \(directory.path) (needs 400 MB)")
            return
        }
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for input in [BadInput.hugeString, .millionKeys] {
            let file = folder.appendingPathComponent("big.json")
            try input.bytes(for: "json").write(to: file)
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber
            for cell in big where cell.input == input {
                let separator = cell.format == "json-seq" ? "printf '\\036'; " : ""
                let result = try runShell(
                    "set -o pipefail; { \(separator)cat \(file.path); } | timeout -s KILL 300 \(CodableBinary.url.path) convert --from \(cell.format) --to jsonl | wc -c")
                try Self.check(result, against: cell.expected, message: cell.message, cell: cell.testDescription)
                #expect(Int64(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == size?.int64Value, "\(cell.testDescription): output size")
            }
            try FileManager.default.removeItem(at: file)
        }
    }

    /// Runs `codable convert --from FORMAT --to jsonl` on `data` as standard input, killed after
    /// a minute (a hang shows as status 137).
    private static func convert(_ data: Data, format: String, in directory: URL) throws -> CodableBinary.Result {
        let file = directory.appendingPathComponent("input-\(UUID().uuidString)")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try runShell("timeout -s KILL 60 \(CodableBinary.url.path) convert --from \(format) --to jsonl < \(file.path)")
    }

    /// Checks a `0` or `1 at L:C` cell.
    private static func check(_ result: CodableBinary.Result, against expected: String, message: String, cell: String) throws {
        if expected == "0" {
            #expect(result.status == 0, "\(cell): status \(result.status): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(cell)")
        } else if expected.hasPrefix("1 at ") {
            let location = expected.dropFirst("1 at ".count)
            #expect(result.status == 1, "\(cell): status \(result.status)")
            #expect(result.stderr.hasPrefix("<stdin>:\(location): error: \(message)\n"), "\(cell): \(result.stderr.prefix(300))")
        } else {
            Issue.record("\(cell): unreadable cell '\(expected)'")
        }
    }
}

/// The rows of the matrix.
enum BadInput: Sendable, Equatable, CustomStringConvertible {
    case empty, whitespace, byteOrderMark, invalidUTF8, nulByte, crlf, hugeString, millionKeys, longNumber, tooDeep, truncation
    case unknown(String)

    /// The row whose label starts as the table's does.
    init?(label: String) {
        let rows: [(String, BadInput)] = [
            ("empty", .empty), ("only whitespace", .whitespace), ("a byte order mark", .byteOrderMark),
            ("invalid UTF-8", .invalidUTF8), ("a NUL byte", .nulByte), ("CRLF", .crlf),
            ("a 100 MB string", .hugeString), ("1 000 000 keys", .millionKeys),
            ("a number of 10 000 digits", .longNumber), ("513 nested arrays", .tooDeep),
            ("the small file cut", .truncation),
        ]
        guard let row = rows.first(where: { label.hasPrefix($0.0) }) else { return nil }
        self = row.1
    }

    var description: String {
        switch self {
        case .empty: return "empty input"
        case .whitespace: return "only whitespace"
        case .byteOrderMark: return "a byte order mark"
        case .invalidUTF8: return "invalid UTF-8"
        case .nulByte: return "a NUL byte"
        case .crlf: return "CRLF line ends"
        case .hugeString: return "a 100 MB string"
        case .millionKeys: return "1 000 000 keys"
        case .longNumber: return "a 10 000-digit number"
        case .tooDeep: return "513 nested arrays"
        case .truncation: return "truncation"
        case .unknown(let label): return "unknown row '\(label)'"
        }
    }

    var isBig: Bool { self == .hugeString || self == .millionKeys }
    var isTruncation: Bool { self == .truncation }

    static let records = [Array(#"{"a":1,"b":"xé"}"#.utf8), Array(#"{"c":[true,null,-2.5e3]}"#.utf8)]

    /// The small valid file of `format` (docs/bad-input.md).
    static func smallFile(_ format: String) -> Data {
        switch format {
        case "json": return Data("[".utf8 + records[0] + ",\n".utf8 + records[1] + "]\n".utf8)
        case "json-seq": return Data([0x1E] + records[0] + [0x0A, 0x1E] + records[1] + [0x0A])
        default: return Data(records[0] + [0x0A] + records[1] + [0x0A])
        }
    }

    /// This row's input in `format`.
    func bytes(for format: String) -> Data {
        let small = Self.smallFile(format)
        let separator: [UInt8] = format == "json-seq" ? [0x1E] : []
        switch self {
        case .empty: return Data()
        case .whitespace: return Data(" \n\t\r\n ".utf8)
        case .byteOrderMark: return Data([0xEF, 0xBB, 0xBF]) + small
        case .invalidUTF8: return Self.replacingFirstOne(in: small, with: [0x22, 0xFF, 0x22])
        case .nulByte: return Self.replacingFirstOne(in: small, with: [0x00, 0x31])
        case .crlf: return Data(small.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] })
        case .hugeString: return Data(separator + Array(#"{"s":""#.utf8)) + Data(repeating: 0x78, count: 100 << 20) + Data("\"}\n".utf8)
        case .millionKeys:
            var data = Data(separator + [0x7B])
            data.reserveCapacity(17 << 20)
            for key in 0..<1_000_000 { data.append(contentsOf: Array("\(key == 0 ? "" : ",")\"k\(key)\":\(key)".utf8)) }
            data.append(contentsOf: [0x7D, 0x0A])
            return data
        case .longNumber: return Data(separator + Array(#"{"n":"#.utf8) + Array(repeating: 0x37, count: 10_000) + [0x7D, 0x0A])
        case .tooDeep: return Data(separator + Array(repeating: 0x5B, count: 513) + Array(repeating: 0x5D, count: 513) + [0x0A])
        case .truncation, .unknown: return small
        }
    }

    /// What a status-0 cell writes (`--to jsonl`).
    func expectedOutput(for format: String) -> String {
        switch self {
        case .empty, .whitespace: return ""
        case .longNumber: return #"{"n":"# + String(repeating: "7", count: 10_000) + "}\n"
        default: return String(decoding: Self.records[0] + [0x0A] + Self.records[1] + [0x0A], as: UTF8.self)
        }
    }

    private static func replacingFirstOne(in data: Data, with bytes: [UInt8]) -> Data {
        var data = data
        let index = data.firstIndex(of: 0x31)!
        data.replaceSubrange(index...index, with: bytes)
        return data
    }
}
