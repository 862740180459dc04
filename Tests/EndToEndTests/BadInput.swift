import Foundation

/// The rows of the bad-input matrix (`docs/bad-input.md`): each kind of bad or unusual input,
/// and its bytes in each input format.
enum BadInput: Sendable, Hashable, CustomStringConvertible {
    case empty, whitespace, byteOrderMark, invalidUTF8, nulByte, crlf, hugeString, millionKeys, longNumber
    case deepAtLimit, tooDeep, truncation
    case unknown(String)

    /// The row whose label starts as the table's does.
    init?(label: String) {
        let rows: [(String, BadInput)] = [
            ("empty", .empty), ("only whitespace", .whitespace), ("a byte order mark", .byteOrderMark),
            ("invalid UTF-8", .invalidUTF8), ("a NUL byte", .nulByte), ("CRLF", .crlf),
            ("a 130 MB string", .hugeString), ("1 000 000 keys", .millionKeys),
            ("a number of 10 000 digits", .longNumber), ("512 levels", .deepAtLimit), ("513 levels", .tooDeep),
            ("the small file cut", .truncation),
        ]
        guard let row = rows.first(where: { label.hasPrefix($0.0) }) else { return nil }
        self = row.1
    }

    /// Every row, in the table's order.
    static let all: [BadInput] = [
        .empty, .whitespace, .byteOrderMark, .invalidUTF8, .nulByte, .crlf, .hugeString, .millionKeys, .longNumber,
        .deepAtLimit, .tooDeep, .truncation,
    ]

    var description: String {
        switch self {
        case .empty: return "empty input"
        case .whitespace: return "only whitespace"
        case .byteOrderMark: return "a byte order mark"
        case .invalidUTF8: return "invalid UTF-8"
        case .nulByte: return "a NUL byte"
        case .crlf: return "CRLF line ends"
        case .hugeString: return "a 130 MB string"
        case .millionKeys: return "1 000 000 keys"
        case .longNumber: return "a 10 000-digit number"
        case .deepAtLimit: return "512 levels"
        case .tooDeep: return "513 levels"
        case .truncation: return "truncation"
        case .unknown(let label): return "unknown row '\(label)'"
        }
    }

    var isBig: Bool { self == .hugeString || self == .millionKeys }

    /// The huge string's length: 130 MiB, past the 2^27 - 1 bytes a tape node holds a length
    /// of, so its length is found from its bytes.
    static let hugeStringLength = 130 << 20
    var isTruncation: Bool { self == .truncation }

    /// The two records of every small file, as `--to jsonl` writes them.
    static let records = "{\"a\":1,\"b\":\"xé\"}\n{\"a\":-25,\"b\":\"y\"}\n"

    /// The small valid file of `format` (docs/bad-input.md): the same two records.
    static func smallFile(_ format: String) -> Data {
        switch format {
        case "json": return Data("[{\"a\":1,\"b\":\"xé\"},\n{\"a\":-25,\"b\":\"y\"}]\n".utf8)
        case "json-seq": return Data("\u{1E}{\"a\":1,\"b\":\"xé\"}\n\u{1E}{\"a\":-25,\"b\":\"y\"}\n".utf8)
        case "yaml": return Data("a: 1\nb: xé\n---\na: -25\nb: y\n".utf8)
        case "csv": return Data("a,b\n1,xé\n-25,y\n".utf8)
        case "tsv": return Data("a\tb\n1\txé\n-25\ty\n".utf8)
        default: return Data(records.utf8)  // jsonl, json-stream
        }
    }

    /// This row's input in `format`.
    func bytes(for format: String) -> Data {
        let small = Self.smallFile(format)
        switch self {
        case .empty: return Data()
        case .whitespace: return Data(" \n\t\r\n ".utf8)
        case .byteOrderMark: return Data([0xEF, 0xBB, 0xBF]) + small
        case .invalidUTF8: return Self.replacing(Array("é".utf8), with: [0xFF], in: small)
        case .nulByte: return Self.replacing([0x31], with: [0x00, 0x31], in: small)
        case .crlf: return Data(small.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] })
        case .hugeString:
            return Self.record(
                format, key: "b", value: Data(repeating: 0x78, count: Self.hugeStringLength), quoted: true)
        case .millionKeys: return Self.millionKeys(format)
        case .longNumber: return Self.record(format, key: "a", value: Data(repeating: 0x37, count: 10_000))
        case .deepAtLimit: return Self.nested(format, levels: 512)
        case .tooDeep: return Self.nested(format, levels: 513)
        case .truncation, .unknown: return small
        }
    }

    /// What a status-0 `convert --to jsonl` (or, `decoded`, `decode --to jsonl`) writes, when it
    /// is simple to say; nil when the output is only checked to be whole JSON lines.
    func expectedRecords(for format: String, decoded: Bool) -> String? {
        let tabular = format == "csv" || format == "tsv"
        switch self {
        case .empty: return ""
        case .whitespace: return tabular ? nil : ""
        case .byteOrderMark, .crlf: return Self.records
        case .longNumber: return decoded ? nil : "{\"a\":\(String(repeating: "7", count: 10_000))}\n"
        case .deepAtLimit:
            if decoded { return "{}\n" }
            let value = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
            return tabular ? "{\"c\":\"\(value)\"}\n" : "{\"c\":\(value)}\n"
        default: return nil
        }
    }

    /// One record `{key: value}` in `format` (a CSV/TSV header and one row).
    private static func record(_ format: String, key: String, value: Data, quoted: Bool = false) -> Data {
        switch format {
        case "yaml": return Data("\(key): ".utf8) + value + Data("\n".utf8)
        case "csv", "tsv": return Data("\(key)\n".utf8) + value + Data("\n".utf8)
        default:
            let quote = quoted ? "\"" : ""
            let separator = format == "json-seq" ? "\u{1E}" : ""
            return Data("\(separator){\"\(key)\":\(quote)".utf8) + value + Data("\(quote)}\n".utf8)
        }
    }

    /// `{"c": [[…]]}`: the record's object and `levels - 1` arrays (the root counts as level 1).
    private static func nested(_ format: String, levels: Int) -> Data {
        let arrays = Data(repeating: 0x5B, count: levels - 1) + Data(repeating: 0x5D, count: levels - 1)
        return record(format, key: "c", value: arrays)
    }

    /// One record of a million keys `k0` … `k999999`, each holding its number.
    private static func millionKeys(_ format: String) -> Data {
        var data = Data()
        data.reserveCapacity(17 << 20)
        let count = 1_000_000
        switch format {
        case "yaml":
            for key in 0..<count { data.append(contentsOf: Array("k\(key): \(key)\n".utf8)) }
        case "csv", "tsv":
            let separator = format == "csv" ? "," : "\t"
            data.append(contentsOf: Array((0..<count).map { "k\($0)" }.joined(separator: separator).utf8))
            data.append(0x0A)
            data.append(contentsOf: Array((0..<count).map { "\($0)" }.joined(separator: separator).utf8))
            data.append(0x0A)
        default:
            if format == "json-seq" { data.append(0x1E) }
            data.append(0x7B)
            for key in 0..<count { data.append(contentsOf: Array("\(key == 0 ? "" : ",")\"k\(key)\":\(key)".utf8)) }
            data.append(contentsOf: [0x7D, 0x0A])
        }
        return data
    }

    /// `data` with the first occurrence of `target` replaced.
    private static func replacing(_ target: [UInt8], with bytes: [UInt8], in data: Data) -> Data {
        var data = data
        let range = data.firstRange(of: Data(target))!
        data.replaceSubrange(range, with: bytes)
        return data
    }
}
