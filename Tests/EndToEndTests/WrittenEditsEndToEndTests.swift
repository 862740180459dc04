import Foundation
import Testing

/// A huge record (at least `TransformChain.nodesWrittenWithEdits` nodes) that `--select`,
/// `--exclude`, `--rename` or `--keys` edit goes to the JSON or YAML writer with its edits, which
/// applies them as it writes, instead of being copied with them applied: the text must be the
/// same as the copy's, in every JSON framing, pretty and with sorted keys, next to small records
/// that are copied, and through a page window.
@Suite struct WrittenEditsEndToEndTests {
    /// 70 000 elements: over the 65 536 nodes from which a record is written with its edits.
    static let count = 70_000
    static let elements = (0..<count).map(String.init)
    static let huge =
        "{\"zone\":{\"b\":1,\"a\":[1,2]},\"list\":[" + elements.joined(separator: ",") + "],\"myKey\":\"x\"}"
    static let small = "{\"zone\":{\"b\":2,\"a\":[]},\"list\":[5],\"myKey\":\"y\"}"
    static let editing = ["--exclude", "list[0]", "--exclude", "zone.b", "--rename", "myKey=newKey"]

    @Test func aHugeRecordIsWrittenWithItsEditsAsItsCopyWouldBe() throws {
        let result = try CodableBinary.run(
            ["convert"] + Self.editing + ["--to", "jsonl"], stdin: Self.huge + "\n" + Self.small + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let rest = Self.elements.dropFirst().joined(separator: ",")
        #expect(
            result.stdout
                == "{\"zone\":{\"a\":[1,2]},\"list\":[\(rest)],\"newKey\":\"x\"}\n{\"zone\":{\"a\":[]},\"list\":[],\"newKey\":\"y\"}\n"
        )
    }

    @Test func prettyWithSortedKeysAndAsJSONTextSequences() throws {
        let pretty = try CodableBinary.run(
            ["convert"] + Self.editing + ["--to", "json", "--pretty", "--sort-keys"], stdin: Self.huge + "\n")
        #expect(pretty.status == 0, "\(pretty.stderr)")
        let list = Self.elements.dropFirst().map { "      " + $0 }.joined(separator: ",\n")
        #expect(
            pretty.stdout
                == "[\n  {\n    \"list\": [\n\(list)\n    ],\n    \"newKey\": \"x\",\n    \"zone\": {\n      \"a\": [\n        1,\n        2\n      ]\n    }\n  }\n]\n"
        )
        let sequence = try CodableBinary.run(
            ["convert", "--exclude", "list", "--keys", "snake_case", "--to", "json-seq"], stdin: Self.huge + "\n")
        #expect(sequence.status == 0, "\(sequence.stderr)")
        #expect(sequence.stdout == "\u{1E}{\"zone\":{\"b\":1,\"a\":[1,2]},\"my_key\":\"x\"}\n")
    }

    /// `--select` picks the same members of a huge record, written with them, as of a small
    /// one, copied: nested, in the list's order, with `--exclude` and `--rename` after it.
    @Test func aHugeRecordIsSelectedAsASmallOne() throws {
        let selecting = ["--select", "myKey,zone.a,list,missing", "--exclude", "list[1]", "--rename", "zone=z"]
        let result = try CodableBinary.run(
            ["convert"] + selecting + ["--to", "jsonl"], stdin: Self.huge + "\n" + Self.small + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let rest = ([Self.elements[0]] + Self.elements.dropFirst(2)).joined(separator: ",")
        #expect(
            result.stdout
                == "{\"myKey\":\"x\",\"z\":{\"a\":[1,2]},\"list\":[\(rest)]}\n{\"myKey\":\"y\",\"z\":{\"a\":[]},\"list\":[5]}\n"
        )
    }

    /// Paths with `[]` drop and rename members of every element of a huge array (each kept a
    /// bit per node, not listed).
    @Test func wildcardPathsEditEveryElementOfAHugeArray() throws {
        let objects = (0..<40_000).map { "{\"x\":\($0),\"y\":\($0)}" }.joined(separator: ",")
        let result = try CodableBinary.run(
            ["convert", "--exclude", "a[].x", "--rename", "a[].y=z", "--to", "jsonl"],
            stdin: "{\"a\":[" + objects + "]}\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "{\"a\":[" + (0..<40_000).map { "{\"z\":\($0)}" }.joined(separator: ",") + "]}\n")
    }

    @Test func aPageWindowAndOtherFormatsTakeTheSameRecords() throws {
        let input = Self.small + "\n" + Self.huge + "\n" + Self.small + "\n"
        let windowed = try CodableBinary.run(
            ["convert"] + Self.editing + ["--offset", "1", "--limit", "1", "--to", "jsonl"], stdin: input)
        #expect(windowed.status == 0, "\(windowed.stderr)")
        #expect(windowed.stdout.hasPrefix("{\"zone\":{\"a\":[1,2]},\"list\":[1,2,"))
        #expect(windowed.stdout.hasSuffix(",\(Self.count - 1)],\"newKey\":\"x\"}\n"))
        #expect(windowed.stdout.filter { $0 == "\n" }.count == 1)
        // YAML's writer applies the edits too (sorting keys, here): read back, the same records.
        let yaml = try CodableBinary.run(["convert"] + Self.editing + ["--to", "yaml", "--sort-keys"], stdin: input)
        #expect(yaml.status == 0, "\(yaml.stderr)")
        let back = try CodableBinary.run(["convert", "--from", "yaml", "--to", "jsonl"], stdin: yaml.stdout)
        let direct = try CodableBinary.run(["convert"] + Self.editing + ["--to", "jsonl", "--sort-keys"], stdin: input)
        #expect(back.status == 0 && direct.status == 0)
        #expect(back.stdout == direct.stdout)
        #expect(yaml.stdout.hasPrefix("list: []\nnewKey: \"y\"\nzone:\n  a: []\n---\nlist:\n  - 1\n  - 2\n"))
    }

    /// CSV, `--envelope` and `--split` pages take a huge record with its edits too: the CSV
    /// writer writes its 70 000-element array into one cell as it makes it (quoted: it holds
    /// commas), and drops and renames in the columns' names.
    @Test func csvEnvelopesAndSplitPagesTakeTheEditsToo() throws {
        let rest = Self.elements.dropFirst().joined(separator: ",")
        let csv = try CodableBinary.run(
            ["convert"] + Self.editing + ["--to", "csv"], stdin: Self.huge + "\n" + Self.small + "\n")
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout == "zone.a,list,newKey\n\"[1,2]\",\"[\(rest)]\",x\n[],[],y\n")
        let envelope = try CodableBinary.run(
            ["convert"] + Self.editing + ["--to", "jsonl", "--envelope"], stdin: Self.huge + "\n")
        #expect(envelope.status == 0, "\(envelope.stderr)")
        #expect(
            envelope.stdout.hasPrefix(
                "{\"items\":[{\"zone\":{\"a\":[1,2]},\"list\":[\(rest)],\"newKey\":\"x\"}],\"page\":1,"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "split-edits-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let split = try CodableBinary.run(
            ["convert"] + Self.editing + ["--to", "yaml", "--split", "1", "--output-dir", directory.path],
            stdin: Self.small + "\n" + Self.huge + "\n")
        #expect(split.status == 0, "\(split.stderr)")
        let page = try String(contentsOf: directory.appendingPathComponent("page-000002.yaml"), encoding: .utf8)
        #expect(page.hasPrefix("zone:\n  a:\n    - 1\n    - 2\nlist:\n  - 1\n  - 2\n"))
        #expect(page.hasSuffix("  - \(Self.count - 1)\nnewKey: x\n"))
    }

    /// `--unique-by` finds a huge record's key through its edits, so the record goes to the
    /// writer with them rather than copied: two records that differ only where `--exclude`
    /// drops are one, and a key reached by its new name counts.
    @Test func uniqueByReadsAHugeRecordsKeyThroughItsEdits() throws {
        let other = Self.huge.replacingOccurrences(of: "\"list\":[0,", with: "\"list\":[99,")
        let input = Self.huge + "\n" + other + "\n" + Self.small + "\n"
        let rest = Self.elements.dropFirst().joined(separator: ",")
        let edited = "{\"zone\":{\"b\":1,\"a\":[1,2]},\"list\":[\(rest)],\"newKey\":\"x\"}\n"
        let byList = try CodableBinary.run(
            ["convert", "--exclude", "list[0]", "--rename", "myKey=newKey", "--unique-by", "list", "--to", "jsonl"],
            stdin: input)
        #expect(byList.status == 0, "\(byList.stderr)")
        #expect(byList.stdout == edited + "{\"zone\":{\"b\":2,\"a\":[]},\"list\":[],\"newKey\":\"y\"}\n")
        let byNewName = try CodableBinary.run(
            ["convert", "--exclude", "list[0]", "--rename", "myKey=newKey", "--unique-by", "newKey", "--to", "jsonl"],
            stdin: input)
        #expect(byNewName.status == 0, "\(byNewName.stderr)")
        #expect(byNewName.stdout == byList.stdout)
        let byOldName = try CodableBinary.run(
            ["convert", "--exclude", "list[0]", "--rename", "myKey=newKey", "--unique-by", "myKey", "--to", "jsonl"],
            stdin: input)
        #expect(
            byOldName.stdout.split(separator: "\n").count == 1,
            "no record has myKey any more: all share the missing key")
    }

    /// A date re-encoded as another kind of scalar (a string read, written as seconds, or the
    /// other way) is written as that kind by every writer, whether the record is copied with its
    /// edits (`--select`) or written with them: a copy that kept the string's kind would have
    /// `--exclude` with `--to csv` cut a number's ends off as quotes (1700000000 as "70000000").
    @Test(arguments: ["csv", "yaml", "jsonl"])
    func reEncodedDatesKeepTheirNewKindThroughEdits(format: String) throws {
        let cases = [
            (
                ["--date", "at=iso8601", "--output-dates", "seconds"],
                "{\"at\":\"2023-11-14T22:13:20Z\",\"x\":1,\"y\":\"a\"}\n"
            ),
            (["--date", "at=seconds", "--output-dates", "iso8601"], "{\"at\":1700000000,\"x\":1,\"y\":\"a\"}\n"),
        ]
        for (dates, input) in cases {
            let plain = try CodableBinary.run(
                ["convert", "--to", format] + dates, stdin: input.replacingOccurrences(of: "\"x\":1,", with: ""))
            #expect(plain.status == 0, "\(plain.stderr)")
            for edit in [["--exclude", "x"], ["--select", "at,y"]] {
                let edited = try CodableBinary.run(["convert", "--to", format] + dates + edit, stdin: input)
                #expect(edited.status == 0, "\(edited.stderr)")
                #expect(edited.stdout == plain.stdout, "\(dates + edit) to \(format)")
            }
        }
    }
}
