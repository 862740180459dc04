import CodableParsing
import CodableYAML
import Testing

@testable import CodablePipeline

/// A record written with its edits applied as it is written (`JSONWriter.write(_:edit:)`, what
/// the chain hands huge records to) gives the same text as the record copied with the edits
/// applied (`TapeBuilder`) and written: for random documents and random picks, drops, renames
/// (listed, and converted as written) and replacements, compact, pretty, with sorted keys, and
/// inside an array (level 1).
@Suite struct WrittenEditsTests {
    @Test func writingEditsMatchesWritingTheEditedCopy() throws {
        var random = EditRandom(seed: 8)
        var compared = 0
        for _ in 0..<400 {
            let text = random.document()
            let (record, edit, copy) = try EditCase.make(text, &random)
            for options in [
                JSONWriterOptions(), JSONWriterOptions(pretty: true), JSONWriterOptions(sortKeys: true),
                JSONWriterOptions(pretty: true, sortKeys: true, indent: 3),
            ] {
                for level in [0, 1] {
                    var writer = JSONWriter(options: options)
                    let expected = OutputBuffer()
                    writer.write(copy, level: level, to: expected)
                    let written = OutputBuffer()
                    writer.write(record, level: level, edit: edit, to: written)
                    #expect(
                        written.text == expected.text,
                        "\(text) with \(edit.members) picked, \(edit.dropped.sorted) dropped, \(edit.renamed.keys.sorted()) renamed, \(edit.renamedByRule.map(\.keys.sorted)) by rule, \(options)"
                    )
                    compared += 1
                }
            }
        }
        #expect(compared == 400 * 8)
    }

    /// The same for the YAML writer (`YAMLRecordWriter.write(_:edit:)`): a document, an item of
    /// a sequence, with sorted keys; a record twice, so that a lone array is not the only record.
    @Test func writingEditsAsYAMLMatchesWritingTheEditedCopy() throws {
        var random = EditRandom(seed: 21)
        var compared = 0
        for _ in 0..<400 {
            let text = random.document()
            let (record, edit, copy) = try EditCase.make(text, &random)
            for options in [
                YAMLWriterOptions(), YAMLWriterOptions(sequence: true), YAMLWriterOptions(sortKeys: true),
                YAMLWriterOptions(sequence: true, sortKeys: true),
            ] {
                for times in [1, 2] {
                    let (written, expected) = EditCase.write(
                        { YAMLRecordWriter(options: options) }, record, edit, copy, times: times)
                    #expect(
                        written.output.text == expected.output.text,
                        "\(text) with \(edit.members) picked, \(edit.dropped.sorted) dropped, \(edit.renamed.keys.sorted()) renamed, \(edit.renamedByRule.map(\.keys.sorted)) by rule, \(options)"
                    )
                    compared += 1
                }
            }
        }
        #expect(compared == 400 * 8)
    }

    /// The same for the CSV writer (`CSVWriter.write(_:edit:)`): a record twice (its header
    /// made by the first, with the edit), with sorted keys, as TSV, and under chosen columns that
    /// name objects whole; the fields it reports left out alike.
    @Test func writingEditsAsCSVMatchesWritingTheEditedCopy() throws {
        var random = EditRandom(seed: 34)
        var compared = 0
        for _ in 0..<400 {
            let text = "{\"a\":\(random.document()),\"b\":\(random.document()),\"c\":{\"a\":\(random.document())}}"
            let (record, edit, copy) = try EditCase.make(text, &random)
            let writers: [() -> CSVWriter] = [
                { CSVWriter(dialect: .csv) }, { CSVWriter(dialect: .csv, sortKeys: true) },
                { CSVWriter(dialect: .tsv) },
                { CSVWriter(dialect: .csv, columns: ["a", "b", "c", "c.a", "k-c", "z", "r0"]) },
            ]
            for make in writers {
                let (written, expected) = EditCase.write(make, record, edit, copy, times: 2)
                #expect(
                    written.output.text == expected.output.text,
                    "\(text) with \(edit.members) picked, \(edit.dropped.sorted) dropped, \(edit.renamed.keys.sorted()) renamed, \(edit.renamedByRule.map(\.keys.sorted)) by rule"
                )
                #expect(written.takeIssues().map(Self.describe) == expected.takeIssues().map(Self.describe))
                compared += 1
            }
        }
        #expect(compared == 400 * 4)
    }

    /// A record flattened as it is written (`RecordEdit.flattening`, what `convert --flatten`
    /// hands the JSON and YAML writers) gives the same text as the record flattened first
    /// (`RecordFlattener.flatten`) and written plainly: for random documents (objects nested in
    /// objects and arrays, escaped and duplicate keys, empty objects), two separators, every
    /// JSON writer's options at levels 0 and 1, and every YAML writer's options, once and twice;
    /// and CSV's writer, which flattens anyway, gives the same rows and reports.
    @Test func flatteningAsWrittenMatchesWritingTheFlattenedCopy() throws {
        var random = EditRandom(seed: 89)
        var compared = 0
        var changed = 0
        for round in 0..<400 {
            let text =
                round % 4 == 0
                ? random.document()
                : "{\"a\":\(random.document()),\"b\":{\"c\":\(random.document()),\"d\":\(random.document())},\"e\":\(random.document())}"
            let reader = RecordReader(
                source: InMemoryByteSource(text + "\n"), options: RecordReaderOptions(framing: .jsonl))
            let batch = try #require(try reader.nextBatch())
            for separator in [".", "::"] {
                let flat = RecordFlattener.flatten(batch, separator: separator)
                if flat.nodes !== batch.nodes { changed += 1 }
                var edit = RecordEdit()
                edit.flattening = Array(separator.utf8)
                for options in [
                    JSONWriterOptions(), JSONWriterOptions(pretty: true), JSONWriterOptions(sortKeys: true),
                    JSONWriterOptions(pretty: true, sortKeys: true, indent: 3),
                ] {
                    for level in [0, 1] {
                        var writer = JSONWriter(options: options)
                        let expected = OutputBuffer()
                        writer.write(flat[0], level: level, to: expected)
                        let written = OutputBuffer()
                        writer.write(batch[0], level: level, edit: edit, to: written)
                        #expect(written.text == expected.text, "\(text) with \(separator), \(options)")
                        compared += 1
                    }
                }
                for options in [
                    YAMLWriterOptions(), YAMLWriterOptions(sequence: true), YAMLWriterOptions(sortKeys: true),
                    YAMLWriterOptions(sequence: true, sortKeys: true),
                ] {
                    for times in [1, 2] {
                        let (written, expected) = EditCase.write(
                            { YAMLRecordWriter(options: options) }, batch[0], edit, flat[0], times: times)
                        #expect(written.output.text == expected.output.text, "\(text) with \(separator), \(options)")
                        compared += 1
                    }
                }
                // CSV's writer flattens every record anyway (with dots): the edit changes nothing.
                if separator == "." {
                    for makeWriter in [
                        { CSVWriter(dialect: .csv) }, { CSVWriter(dialect: .csv, sortKeys: true) },
                        { CSVWriter(dialect: .tsv) },
                    ] {
                        let (written, expected) = EditCase.write(makeWriter, batch[0], edit, flat[0], times: 2)
                        #expect(written.output.text == expected.output.text, "\(text) as CSV")
                        #expect(
                            written.takeIssues().map(Self.describe) == expected.takeIssues().map(Self.describe),
                            "\(text) as CSV")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == 400 * (2 * 16 + 3))
        #expect(changed > 400, "records that flattening changes: \(changed)")
    }

    /// A huge record's `--unique-by` key is found through its edits (`SortKey(_:in:edit:)`):
    /// the same key as the record copied with the edits gives, for random paths (keys renamed,
    /// members dropped or picked, elements counted after drops, containers keyed by their edited
    /// text, replaced scalars by their new text).
    @Test func uniqueKeysFoundThroughEditsMatchTheEditedCopysKeys() throws {
        var random = EditRandom(seed: 55)
        var compared = 0
        for _ in 0..<400 {
            let text =
                "{\"a\":\(random.document()),\"b\":\(random.document()),\"B\":\(random.document()),\"a\":\(random.document())}"
            let (record, edit, copy) = try EditCase.make(text, &random)
            // The same edit's replacements alone (a shape kept, dates re-encoded inside a key).
            var replacing = RecordEdit(root: record.root)
            replacing.replacements = edit.replacements
            let replacedCopy = EditCase.copy(record, with: replacing)
            for _ in 0..<16 {
                let path = try FieldPath(parsing: random.path())
                let expected = SortKey(path, in: copy)
                let found = SortKey(path, in: record, edit: edit)
                #expect(
                    found == expected,
                    "\(path) in \(record.compactText) with \(edit.members) picked, \(edit.dropped.sorted) dropped, \(edit.renamed) renamed"
                )
                #expect(
                    SortKey(path, in: record, edit: replacing) == SortKey(path, in: replacedCopy),
                    "\(path) in \(record.compactText) with \(edit.replacements.nodes) replaced")
                if expected != .null { compared += 1 }
            }
        }
        #expect(compared > 600, "paths that reach a value: \(compared)")
    }

    private static func describe(_ issue: CSVWriter.Issue) -> String {
        switch issue {
        case .droppedField(let name, _, _): "dropped \(name)"
        case .unwritable(_, let message): message
        }
    }

    @Test func everyMemberDroppedLeavesEmptyContainersInYAML() throws {
        let reader = RecordReader(
            source: InMemoryByteSource("{\"a\":{\"b\":1},\"c\":[2,3],\"d\":[{\"e\":4}]}\n"),
            options: RecordReaderOptions(framing: .jsonl))
        let record = try #require(try reader.nextBatch())[0]
        var edit = RecordEdit()
        for node in [4, 7, 8] { edit.dropped.insert(node) }  // b's value (node 4), and both elements of c (7, 8)
        edit.renamed = [1: Array("a\"\n".utf8), 9: Array(repeating: UInt8(ascii: "k"), count: 1025)]
        let writer = YAMLRecordWriter()
        writer.write(record, edit: edit)
        writer.finish()
        #expect(
            writer.output.text == "\"a\\\"\\n\": {}\nc: []\n? \(String(repeating: "k", count: 1025))\n:\n  - e: 4\n")
    }

    @Test func everyMemberDroppedLeavesEmptyContainers() throws {
        let reader = RecordReader(
            source: InMemoryByteSource("{\"a\":{\"b\":1},\"c\":[2,3]}\n"), options: RecordReaderOptions(framing: .jsonl)
        )
        let record = try #require(try reader.nextBatch())[0]
        var edit = RecordEdit()
        for node in [4, 7, 8] { edit.dropped.insert(node) }  // b's value (node 4), and both elements of c (7, 8)
        edit.renamed = [1: Array("a\"\n".utf8)]
        var writer = JSONWriter(options: JSONWriterOptions(pretty: true))
        let out = OutputBuffer()
        writer.write(record, edit: edit, to: out)
        #expect(out.text == "{\n  \"a\\\"\\n\": {},\n  \"c\": []\n}")
    }
}

/// A record read from one line of JSON, a random edit of it, and the record copied with the edit.
private enum EditCase {
    static func make(_ text: String, _ random: inout EditRandom) throws -> (
        record: Record, edit: RecordEdit, copy: Record
    ) {
        let reader = RecordReader(
            source: InMemoryByteSource(text + "\n"), options: RecordReaderOptions(framing: .jsonl))
        let record = try #require(try reader.nextBatch())[0]
        let edit = random.edit(of: record)
        return (record, edit, copy(record, with: edit))
    }

    /// Two writers `make` gives: one fed `record` with `edit` `times` times, the other `copy`
    /// written plainly as often; both finished.
    static func write<Writer: RecordFormatter>(
        _ make: () -> Writer, _ record: Record, _ edit: RecordEdit, _ copy: Record, times: Int
    ) -> (written: Writer, expected: Writer) {
        let written = make()
        let expected = make()
        for _ in 0..<times {
            written.write(record, edit: edit)
            expected.write(copy, replacements: [:])
        }
        written.finish()
        expected.finish()
        return (written, expected)
    }

    /// The record copied with the edit applied.
    static func copy(_ record: Record, with edit: RecordEdit) -> Record {
        var builder = TapeBuilder(source: record.batch)
        builder.beginRecord()
        edit.apply(record.root, to: &builder)
        return builder.finish()[0]
    }
}

/// Random documents of nested objects and arrays (keys with escapes, duplicate and non-ASCII
/// keys) and random edits of them. SplitMix64, so failures reproduce.
private struct EditRandom {
    private var numbers: SplitMix

    init(seed: UInt64) { numbers = SplitMix(seed: seed) }

    mutating func next(_ bound: Int) -> Int { numbers.next(bound) }

    mutating func document(depth: Int = 0) -> String {
        switch next(depth > 3 ? 4 : 7) {
        case 0: return ["1", "-0.50", "2e3", "12345678901234567890"][next(4)]
        case 1: return ["null", "true", "false"][next(3)]
        case 2, 3: return key()
        case 4: return "[" + (0..<next(5)).map { _ in document(depth: depth + 1) }.joined(separator: ",") + "]"
        default:
            return "{" + (0..<next(5)).map { _ in key() + ":" + document(depth: depth + 1) }.joined(separator: ",")
                + "}"
        }
    }

    /// A path of one to three steps through the names `key()` and the renames use, and indexes.
    mutating func path() -> String {
        let names = ["a", "b", "B", "é", "z", "A", "r0", "k-b"]
        var text = names[next(5) == 0 ? next(names.count) : next(3)]  // mostly a key the record has
        for _ in 0..<next(3) {
            switch next(3) {
            case 0: text += "[\(next(3))]"
            case 1: text += "[]"
            default: text += "." + names[next(names.count)]
            }
        }
        return text
    }

    mutating func key() -> String {
        ["\"a\"", "\"b\"", "\"B\"", "\"a\"", "\"\\u0062\"", "\"é\"", "\"x\\ny\"", "\"\"", "\"\\/\""][next(9)]
    }

    /// Picks some objects' members (some of them, in a shuffled order), drops some members and
    /// elements, renames some keys, replaces some scalars; sometimes converts every key's name
    /// too (as `--keys` does a huge record's), keeping some.
    mutating func edit(of record: Record) -> RecordEdit {
        var edit = RecordEdit()
        if next(4) == 0 { edit.renameKey = { name in name.first == UInt8(ascii: "a") ? nil : Array("k-".utf8) + name } }
        let nodes = record.batch.nodes
        for container in record.root..<(record.root + nodes[record.root].span) {
            let kind = nodes[container].kind
            guard kind == .object || kind == .array else { continue }
            if kind == .object && next(3) == 0 {
                var picked = Array(nodes.children(of: container)).filter { _ in next(3) != 0 }
                for index in picked.indices.reversed() { picked.swapAt(index, next(index + 1)) }
                edit.members[container] = picked
            }
            for child in nodes.children(of: container) {
                let value = kind == .object ? child + 1 : child
                if next(4) == 0 { edit.dropped.insert(value) }
                if kind == .object && next(3) == 0 {
                    edit.renamed[child] = Array(["z", "A", "a", "ü", "q\"uote", "tab\t", ""][next(7)].utf8)
                }
                if kind == .object && next(4) == 0 {
                    if edit.renamedByRule.isEmpty || next(2) == 0 {
                        edit.renamedByRule.append(
                            (NodeSet(), Array(["r\(edit.renamedByRule.count)", "B"][next(2)].utf8)))
                    }
                    edit.renamedByRule[next(edit.renamedByRule.count)].keys.insert(child)
                }
                if nodes[value].kind != .object && nodes[value].kind != .array && next(5) == 0 {
                    edit.replacements.replace(value, with: Array("\"new\"".utf8))
                }
            }
        }
        return edit
    }
}
