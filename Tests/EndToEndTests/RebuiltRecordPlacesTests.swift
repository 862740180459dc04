import Foundation
import Testing

/// An error inside a record that a transform rebuilt is placed in the input it came from,
/// through the real binary, also past a record's 4 096th value (where the rebuilt tape folds its
/// blocks and the map places its nodes through runs of origins over the reader's own places).
///
/// `--unflatten` rebuilds `a.k0 … a.k9999` into one object `a` of 10 000 members, and a date
/// field of it is re-encoded afterwards: a bad date is found in the rebuilt record, so its
/// place comes from the rebuilt map.
@Suite struct RebuiltRecordPlacesTests {
    private static let fields = 10_000

    /// The record's text in `format` (one YAML flow mapping of 100 fields a line, or a CSV header
    /// and row) with `x` as the value of field `bad`, and where that `x` is: line and column.
    private static func input(_ format: String, bad: Int) -> (text: String, line: Int, column: Int) {
        let values = (0..<fields).map { $0 == bad ? "x" : String($0 % 7) }
        let text: String
        let marker: String
        if format == "csv" {
            text = (0..<fields).map { "a.k\($0)" }.joined(separator: ",") + "\n" + values.joined(separator: ",") + "\n"
            marker = "\n" + values.prefix(bad).map { $0 + "," }.joined()
        } else {
            let lines = stride(from: 0, to: fields, by: 100).map { first in
                (first..<first + 100).map { "a.k\($0): \(values[$0])" }.joined(separator: ", ")
            }
            text = "{" + lines.joined(separator: ",\n ") + "}\n"
            marker = "a.k\(bad): "
        }
        // The lines up to the `x` (ASCII text: a character is a byte, as columns count).
        let lines = text[..<text.firstRange(of: marker)!.upperBound].split(
            separator: "\n", omittingEmptySubsequences: false)
        return (text, lines.count, lines.last!.count + 1)
    }

    @Test(arguments: ["yaml", "csv"], [0, 100, 4_095, 7_042, fields - 1])
    func aBadDateDeepInAnUnflattenedRecordIsPlacedInItsSource(format: String, bad: Int) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (text, line, column) = Self.input(format, bad: bad)
        try text.write(to: directory.appendingPathComponent("record.\(format)"), atomically: true, encoding: .utf8)
        let result = try CodableBinary.run(
            [
                "convert", "--to", "jsonl", "--unflatten", "--dates", "seconds", "--date", "a.k\(bad)",
                "record.\(format)",
            ], in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let expected =
            "record.\(format):\(line):\(column): error: Expected to decode Double but found a string instead. (value \"x\")\n    at $[0].a.k\(bad)\n"
        #expect(result.stderr.hasPrefix(expected), "\(result.stderr.prefix(300))")
    }

    /// Rows with the same header are nested by one tree, written again for each: a bad date in a
    /// later row is placed in that row, not in the row the tree was made from.
    @Test(arguments: [1, 2, 999])
    func aBadDateInALaterRowNestedLikeTheFirstIsPlacedInItsRow(bad: Int) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = (0..<1_000).map { row in "\(row),user\(row),\(row == bad ? "x" : String(row))" }
        let text = "id,owner.name,owner.since\n" + rows.joined(separator: "\n") + "\n"
        try text.write(to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let result = try CodableBinary.run(
            ["convert", "--to", "jsonl", "--unflatten", "--dates", "seconds", "--date", "owner.since", "rows.csv"],
            in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").count == bad)
        let column = "\(bad),user\(bad),".count + 1
        let expected =
            "rows.csv:\(bad + 2):\(column): error: Expected to decode Double but found a string instead. (value \"x\")\n    at $[\(bad)].owner.since\n"
        #expect(result.stderr.hasPrefix(expected), "\(result.stderr.prefix(300))")
    }
}
