import CodableParsing
import CodableYAML
import Testing

@testable import CodablePipeline

/// `--unflatten` as the JSON, YAML and CSV writers write it (`RecordEdit.unflattening`, planned by
/// `UnflattenPlanner`) against the record rebuilt nested (`RecordFlattener.unflatten`) and
/// written plainly.
struct UnflattenedAsWrittenTests {
    /// Random records of keys made of a few parts (escaped, empty, repeated, in nesting order or
    /// not, some equal or both a value and an object), some values JSON text (valid or not) in
    /// a string: whenever a batch is planned, the writers give the text of the rebuilt batch,
    /// with and without sorted keys and parsed JSON text, pretty, at a level, as YAML
    /// documents and a sequence, and as CSV and TSV; a batch that is not planned is one the
    /// rebuild rejects.
    @Test func writingUnflattenedMatchesWritingTheRebuiltRecords() throws {
        var random = SplitMix(seed: 41)
        var outcomes: [String: Int] = [:]
        for round in 0..<2_000 {
            let separator = round % 5 == 4 ? "::" : "."
            let parsing = round % 7 >= 3
            let objectText = round % 7 != 5  // CSV's writer takes JSON arrays in cells, not objects
            let lines = (0..<(1 + random.next(3))).map { _ in
                Self.record(&random, separator: separator, objectText: objectText)
            }
            let batch = try Self.batch(lines.joined(separator: "\n") + "\n")
            let rebuilt = try? RecordFlattener.unflatten(batch, separator: separator, parsingJSONText: parsing)
            try Self.expectSameCSV(
                batch, lines: lines, separator: separator, parsing: parsing, rebuilt: rebuilt, outcomes: &outcomes)
            let chosen = (0..<(1 + random.next(3))).map { _ in
                (0..<(1 + random.next(2))).map { _ in ["a", "b", "", "é", "k\(random.next(40))"][random.next(5)] }
                    .joined(separator: ".")
            }
            try Self.expectSameCSV(
                batch, lines: lines, separator: separator, parsing: parsing, rebuilt: rebuilt, columns: chosen,
                outcomes: &outcomes)
            for sortingKeys in [false, true] {
                guard
                    let edits = RecordFlattener.unflatteningAsWritten(
                        batch, separator: separator, parsingJSONText: parsing, sortingKeys: sortingKeys, minimumNodes: 0
                    )
                else {
                    #expect(rebuilt == nil, "\(lines) not planned, yet rebuilt")
                    outcomes["rejected", default: 0] += 1
                    continue
                }
                let expected = try #require(rebuilt, "\(lines) planned, yet not rebuilt")
                #expect(edits.count == batch.count)
                outcomes[
                    edits.contains { $0.unflattening?.keys != nil }
                        ? "reordered" : edits.contains { $0.unflattening != nil } ? "in order" : "unchanged", default: 0
                ] += 1
                if edits.contains(where: { $0.unflattening?.parsesJSONText == true }) {
                    outcomes["JSON text", default: 0] += 1
                }
                for options in [
                    JSONWriterOptions(sortKeys: sortingKeys),
                    JSONWriterOptions(pretty: true, sortKeys: sortingKeys, indent: 3),
                ] {
                    for level in [0, 1] {
                        var writer = JSONWriter(options: options)
                        let written = OutputBuffer()
                        let wanted = OutputBuffer()
                        for index in 0..<batch.count {
                            writer.write(batch[index], level: level, edit: edits[index], to: written)
                            writer.write(expected[index], level: level, to: wanted)
                        }
                        #expect(written.text == wanted.text, "\(lines) with \(options)")
                    }
                }
                for sequence in [false, true] {
                    let written = YAMLRecordWriter(
                        options: YAMLWriterOptions(sequence: sequence, sortKeys: sortingKeys))
                    let wanted = YAMLRecordWriter(options: YAMLWriterOptions(sequence: sequence, sortKeys: sortingKeys))
                    for index in 0..<batch.count {
                        written.write(batch[index], edit: edits[index])
                        wanted.write(expected[index], replacements: [:])
                    }
                    written.finish()
                    wanted.finish()
                    #expect(written.output.text == wanted.output.text, "\(lines) as YAML")
                }
            }
        }
        for outcome in [
            "rejected", "JSON text", "reordered", "in order", "unchanged", "CSV rejected", "CSV JSON text",
            "CSV reordered", "CSV columns rejected", "CSV columns nested", "CSV JSON object text",
            "CSV columns JSON object text",
        ] {
            #expect(outcomes[outcome, default: 0] >= 20, "\(outcome): \(outcomes.sorted { $0.key < $1.key })")
        }
    }

    /// A cell holding a JSON object as text, into CSV: its members are columns of their own, as
    /// in the record rebuilt, whether the header is the record's fields (sorted or not), or
    /// chosen columns name its members, an object inside it, or the cell's object whole; a later
    /// record's cell fills the columns it has. Strings inside it that look like JSON stay
    /// strings, as they are.
    @Test func theMembersOfAJSONObjectInACellAreColumns() throws {
        let lines = [
            #"{"k.x":1,"k.y":"{\"a\":{\"b\":2,\"e\":[3]},\"c\":\"s,t\"}","m":"{\"d\":[1,{\"f\":2}]}","n":"{}","p":"{\"s\":\"[1, 2]\",\"t\":\"{ }\"}"}"#,
            #"{"k.y":"{\"c\":4,\"a\":{\"e\":5},\"z\":6}","k.x":7,"m":"{\"d\":8}"}"#,
        ]
        let batch = try Self.batch(lines.joined(separator: "\n") + "\n")
        let rebuilt = try RecordFlattener.unflatten(batch, parsingJSONText: true)
        for columns in [nil, ["k.y.a.b", "k.y.c", "m", "n"], ["k.y", "m.d", "k.x"], ["k.y.a", "none"]] as [[String]?] {
            let edits = try #require(
                RecordFlattener.unflatteningAsWritten(
                    batch, parsingJSONText: true, sortingKeys: false, chosenColumns: columns, minimumNodes: 0))
            #expect(edits.allSatisfy { $0.unflattening?.parsesJSONText == true })
            for sortKeys in [false, true] {
                let written = CSVWriter(dialect: .csv, columns: columns, sortKeys: sortKeys)
                let wanted = CSVWriter(dialect: .csv, columns: columns, sortKeys: sortKeys)
                for index in 0..<batch.count {
                    written.write(batch[index], edit: edits[index])
                    wanted.write(rebuilt[index], replacements: [:])
                }
                #expect(written.output.text == wanted.output.text, "columns \(columns ?? []), sorted: \(sortKeys)")
                #expect(written.takeIssues().map(Self.describe) == wanted.takeIssues().map(Self.describe))
                if columns == nil && !sortKeys {
                    #expect(
                        written.output.text
                            == "k.x,k.y.a.b,k.y.a.e,k.y.c,m.d,n,p.s,p.t\n1,2,[3],\"s,t\",\"[1,{\"\"f\"\":2}]\",{},\"[1, 2]\",{ }\n7,,5,4,8,,,\n"
                    )
                }
            }
        }
        // Records of two batches, their cells at the same nodes: each row's own cells are scanned.
        let written = CSVWriter(dialect: .csv)
        for value in [1, 2] {
            let alike = try Self.batch(#"{"k.x":0,"k.y":"{\"a\":\#(value),\"b\":\#(value)}"}"# + "\n")
            let edits = try #require(
                RecordFlattener.unflatteningAsWritten(alike, parsingJSONText: true, sortingKeys: false, minimumNodes: 0)
            )
            written.write(alike[0], edit: edits[0])
        }
        #expect(written.output.text == "k.x,k.y.a,k.y.b\n0,1,1\n0,2,2\n")
    }

    /// Into CSV or TSV, whose writer flattens the nested record again: planned without sorted
    /// keys (the writer sorts the header), not for a JSON object in a cell nor for `columns`
    /// naming an object the keys make, the rows, header and fields left out (or records that
    /// cannot be rows) are those of the rebuilt records.
    private static func expectSameCSV(
        _ batch: RecordBatch, lines: [String], separator: String, parsing: Bool, rebuilt: RecordBatch?,
        columns: [String]? = nil,
        outcomes: inout [String: Int]
    ) throws {
        let way = columns == nil ? "CSV" : "CSV columns"
        guard
            let edits = RecordFlattener.unflatteningAsWritten(
                batch, separator: separator, parsingJSONText: parsing, sortingKeys: false, chosenColumns: columns,
                minimumNodes: 0)
        else {
            outcomes["\(way) rejected", default: 0] += 1
            return
        }
        let expected = try #require(rebuilt, "\(lines) planned for CSV, yet not rebuilt")
        if edits.contains(where: { $0.unflattening != nil }) { outcomes["\(way) nested", default: 0] += 1 }
        if edits.contains(where: { $0.unflattening?.keys != nil }) { outcomes["\(way) reordered", default: 0] += 1 }
        if edits.contains(where: { $0.unflattening?.parsesJSONText == true }) {
            outcomes["\(way) JSON text", default: 0] += 1
            if lines.contains(where: { $0.contains(#""{\"a\""#) }) {
                outcomes["\(way) JSON object text", default: 0] += 1
            }
        }
        for (dialect, sortKeys) in [(CSVDialect.csv, false), (.csv, true), (.tsv, false)] {
            let written = CSVWriter(dialect: dialect, columns: columns, sortKeys: sortKeys)
            let wanted = CSVWriter(dialect: dialect, columns: columns, sortKeys: sortKeys)
            var writtenIssues: [String] = []
            var wantedIssues: [String] = []
            for index in 0..<batch.count {
                written.write(batch[index], edit: edits[index])
                wanted.write(expected[index], replacements: [:])
                writtenIssues += written.takeIssues().map(Self.describe)
                wantedIssues += wanted.takeIssues().map(Self.describe)
            }
            #expect(
                written.output.text == wanted.output.text,
                "\(lines) as \(dialect), sorted: \(sortKeys), columns \(columns ?? [])")
            #expect(writtenIssues == wantedIssues, "\(lines) as \(dialect)")
        }
    }

    /// What a CSV writer's issue says, without where it is.
    private static func describe(_ issue: CSVWriter.Issue) -> String {
        switch issue {
        case .droppedField(let name, _, _): return "dropped \(name)"
        case .unwritable(_, let message): return message
        }
    }

    /// Only a batch with a huge record is written as it goes; a key that is also an object, or
    /// two equal keys, leave it to the rebuild (which says what is wrong). JSON text in a cell is
    /// parsed when asked.
    @Test func onlyHugeRecordsThatNestCleanlyAreWrittenAsTheyGo() throws {
        let keys = (0..<5_000).map { "\"k\($0).x\":\($0)" }
        let huge = "{" + keys.joined(separator: ",") + "}"
        let edits = try #require(
            RecordFlattener.unflatteningAsWritten(try Self.batch(huge + "\n{\"a\":1}\n"), sortingKeys: false))
        #expect(edits[0].unflattening != nil && edits[0].unflattening?.keys == nil)
        #expect(edits[1].unflattening == nil && edits[1].keepsShape)
        #expect(RecordFlattener.unflatteningAsWritten(try Self.batch(#"{"a.b":1}"# + "\n"), sortingKeys: false) == nil)
        for bad in [#""k7":1"#, #""k7.x":1"#, #""k7.x.y":1"#] {
            let batch = try Self.batch("{" + keys.joined(separator: ",") + "," + bad + "}\n")
            #expect(RecordFlattener.unflatteningAsWritten(batch, sortingKeys: false) == nil, "\(bad)")
            #expect(throws: RecordFlattener.Conflict.self) { try RecordFlattener.unflatten(batch) }
        }
        let cell = try Self.batch("{" + keys.joined(separator: ",") + #","y":"[1,2]"}"# + "\n")
        #expect(
            RecordFlattener.unflatteningAsWritten(cell, sortingKeys: false)?[0].unflattening?.parsesJSONText == false)
        #expect(
            RecordFlattener.unflatteningAsWritten(cell, parsingJSONText: true, sortingKeys: false)?[0].unflattening?
                .parsesJSONText == true)
        let regrouped = try Self.batch("{" + keys.joined(separator: ",") + #","k0.y":1}"# + "\n")
        let order = try #require(
            RecordFlattener.unflatteningAsWritten(regrouped, sortingKeys: false)?[0].unflattening?.keys)
        #expect(Array(order.prefix(3)) == [1, 2 * 5_000 + 1, 3])  // k0.x, k0.y, k1.x
    }

    /// A record of keys `p.p.…` from a few parts (a part may be empty, escaped, or hold half the
    /// separator), some of its values JSON text (arrays only, without `objectText`).
    private static func record(_ random: inout SplitMix, separator: String, objectText: Bool) -> String {
        let parts = ["a", "b", "", "\\u0061", "é", "x\\\"y", "c:", "k\(random.next(40))"]
        let members = (0..<random.next(12)).map { _ -> String in
            let key = (0..<(1 + random.next(3))).map { _ in parts[random.next(parts.count)] }.joined(
                separator: separator)
            let values =
                [
                    "1", #""s""#, #"[1,{"q.r":2}]"#, #"{"m.n":{}}"#, #""[1]""#, "null", "{}",
                    #"" [ 1, {\"a.b\" : \"c\"} ]""#, #""[1,""#, #""[\"é\\u0041\"]""#,
                ]
                + (objectText
                    ? [
                        #""{}""#, #""{\"x\": [true, 2e3]} ""#, #""{} 2""#,
                        #""{\"a\":{\"b\":1,\"\":{}},\"x\\u0041\":\"s\"}""#,
                    ] : [])
            let value = values[random.next(values.count)]
            return "\"\(key)\":\(value)"
        }
        return random.next(10) == 0 ? "[" + members.count.description + "]" : "{" + members.joined(separator: ",") + "}"
    }

    private static func batch(_ text: String) throws -> RecordBatch {
        let reader = RecordReader(source: InMemoryByteSource(text), options: RecordReaderOptions(framing: .jsonl))
        return try #require(try reader.nextBatch())
    }
}
