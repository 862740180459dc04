import Foundation
import Testing

/// `--flatten` and `--unflatten` through the real binary, over many batches of records alike
/// (whose joined keys, and whose key tree, are made once a batch and shared): every record comes
/// out exact, and flattened records nest back to the input.
@Suite struct FlattenThroughBinaryTests {
    /// 20 000 records (several batches): nested objects three deep, an escaped key, an array of
    /// objects (a value, not flattened), an empty object, and every 7th record with a key more.
    private static let records: [String] = (0..<20_000).map { index in
        let extra = index % 7 == 0 ? #","extra":{"n":\#(index)}"# : ""
        return
            #"{"id":\#(index),"owner":{"name":"user\#(index)","geo":{"lat":\#(index).5,"lon":-1}},"a\u002eb":{"c":true},"#
            + #""tags":[{"x":{"y":1}}],"empty":{}\#(extra)}"#
    }

    private static func flattened(_ index: Int) -> String {
        let extra = index % 7 == 0 ? #","extra.n":\#(index)"# : ""
        return
            #"{"id":\#(index),"owner.name":"user\#(index)","owner.geo.lat":\#(index).5,"owner.geo.lon":-1,"a.b.c":true,"#
            + #""tags":[{"x":{"y":1}}],"empty":{}\#(extra)}"#
    }

    @Test func flattenedRecordsAreExactAndNestBack() throws {
        let input = Self.records.joined(separator: "\n") + "\n"
        let flat = try CodableBinary.run(["convert", "--to", "jsonl", "--flatten"], stdin: input)
        #expect(flat.status == 0, "\(flat.stderr.prefix(300))")
        let lines = flat.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.records.count)
        for index in [0, 1, 6, 7, 4_096, 19_999] where index < lines.count {
            #expect(lines[index] == Self.flattened(index))
        }
        // Nested back, the escaped key's dot nests too (`a.b` was one key): all else is the input.
        let nested = try CodableBinary.run(["convert", "--to", "jsonl", "--unflatten"], stdin: flat.stdout)
        #expect(nested.status == 0, "\(nested.stderr.prefix(300))")
        let expected = Self.records.map {
            $0.replacingOccurrences(of: #""a\u002eb":{"c":true}"#, with: #""a":{"b":{"c":true}}"#)
        }
        #expect(nested.stdout == expected.joined(separator: "\n") + "\n")
    }

    /// The JSON and YAML writers flatten records as they write them (`convert` with no
    /// transform), and the CSV and TSV writers, which flatten anyway, write them as they are: the
    /// same YAML, pretty JSON with sorted keys, JSON array, CSV and sorted TSV as the flattened
    /// JSON Lines converted plainly.
    @Test(arguments: [
        ["--to", "yaml"], ["--to", "json", "--pretty", "--sort-keys"], ["--to", "json"], ["--to", "csv"],
        ["--to", "tsv", "--sort-keys"],
    ])
    func flatteningAsWrittenGivesTheFlattenedRecordsWrittenPlainly(output: [String]) throws {
        let input = Self.records.prefix(3_000).joined(separator: "\n") + "\n"
        let written = try CodableBinary.run(["convert", "--flatten"] + output, stdin: input)
        #expect(written.status == 0, "\(written.stderr.prefix(300))")
        let flat = (0..<3_000).map(Self.flattened).joined(separator: "\n") + "\n"
        let plain = try CodableBinary.run(["convert", "--from", "jsonl"] + output, stdin: flat)
        #expect(plain.status == 0, "\(plain.stderr.prefix(300))")
        #expect(written.stdout == plain.stdout)
        #expect(written.stdout.utf8.count > 100_000)
    }

    /// A record of 6 000 dotted keys (enough to be nested as it is written, not rebuilt), whose
    /// objects' keys come interleaved (`g0.k0.x`, `g0.k0.y`, `g1.k1.x`, …, `g0.k50.x`), and an
    /// escaped key: the same text as the nested record converted plainly, in JSON Lines, YAML,
    /// pretty JSON with sorted keys, CSV (flattened again, in the nested record's order), TSV
    /// with a sorted header, and CSV with chosen columns (fields only, then an object whole,
    /// which has the record rebuilt). Then one key more, which is both a value and an object: an
    /// error, with nothing written.
    @Test(arguments: [
        ["--to", "jsonl"], ["--to", "yaml"], ["--to", "json", "--pretty", "--sort-keys"], ["--to", "csv"],
        ["--to", "tsv", "--sort-keys"],
        ["--to", "csv", "--columns", "e.é,g1.k51.y,g1.k51.x,none"], ["--to", "csv", "--columns", "g1.k51.x,g2,e"],
    ])
    func aHugeRecordUnflattenedAsWrittenIsTheNestedRecordWrittenPlainly(output: [String]) throws {
        let groups = 50
        let flat = (0..<3_000).map { #""g\#($0 % groups).k\#($0).x":\#($0),"g\#($0 % groups).k\#($0).y":"s\#($0)""# }
        let input = "{" + flat.joined(separator: ",") + #","e\u002e\u00e9":true}"#
        let nested = (0..<groups).map { group in
            #""g\#(group)":{"#
                + stride(from: group, to: 3_000, by: groups).map { #""k\#($0)":{"x":\#($0),"y":"s\#($0)"}"# }.joined(
                    separator: ",") + "}"
        }
        let expected = "{" + nested.joined(separator: ",") + #","e":{"é":true}}"#
        let written = try CodableBinary.run(["convert", "--unflatten"] + output, stdin: input + "\n")
        #expect(written.status == 0, "\(written.stderr.prefix(300))")
        let plain = try CodableBinary.run(["convert", "--from", "json"] + output, stdin: expected + "\n")
        #expect(written.stdout == plain.stdout)
        #expect(written.stdout.utf8.count > (output.contains("--columns") ? 20 : 80_000))

        let conflicting = try CodableBinary.run(
            ["convert", "--unflatten"] + output, stdin: "{" + flat.joined(separator: ",") + #","g3.k3":1}"# + "\n")
        #expect(conflicting.status == 1)
        #expect(
            conflicting.stderr.contains("cannot unflatten 'g3.k3': 'g3.k3' is both a value and an object"),
            "\(conflicting.stderr.prefix(300))")
        #expect(conflicting.stdout.isEmpty)
    }

    /// A CSV row of 6 000 dotted columns (nested as it is written), every other cell JSON text
    /// (`[1,{"a":…}]`, and text that only looks like it): the same text as the nested record
    /// converted plainly, in JSON Lines, YAML and CSV (an array in one cell, compact).
    @Test(arguments: [["--to", "jsonl"], ["--to", "yaml"], ["--to", "csv"]])
    func aHugeCSVRowUnflattenedAsWrittenParsesItsJSONCells(output: [String]) throws {
        let header = (0..<3_000).map { "k\($0).x,k\($0).y" }.joined(separator: ",")
        let row = (0..<3_000).map { $0 % 3 == 2 ? "\($0),[1" : "\($0),\"[1,{\"\"a\"\":\($0)}]\"" }.joined(
            separator: ",")
        let nested = (0..<3_000).map {
            #""k\#($0)":{"x":\#($0),"y":"# + ($0 % 3 == 2 ? #""[1"}"# : #"[1,{"a":\#($0)}]}"#)
        }
        let written = try CodableBinary.run(
            ["convert", "--from", "csv", "--unflatten"] + output, stdin: header + "\n" + row + "\n")
        #expect(written.status == 0, "\(written.stderr.prefix(300))")
        let plain = try CodableBinary.run(
            ["convert", "--from", "jsonl"] + output, stdin: "{" + nested.joined(separator: ",") + "}\n")
        #expect(written.stdout == plain.stdout)
        #expect(written.stdout.utf8.count > 60_000)
    }

    /// With `--columns`, a column may name a nested object, which the CSV writer writes whole
    /// as JSON text (its members' columns then stay empty); flattened first, the record has no
    /// such field, and its members fill their columns.
    @Test func aChosenColumnNamingAnObjectIsEmptyOnceFlattened() throws {
        let input = #"{"id":1,"owner":{"name":"n"}}"# + "\n"
        let nested = try CodableBinary.run(
            ["convert", "--to", "csv", "--columns", "id,owner,owner.name"], stdin: input)
        #expect(nested.stdout == "id,owner,owner.name\n1,\"{\"\"name\"\":\"\"n\"\"}\",\n")
        let flat = try CodableBinary.run(
            ["convert", "--flatten", "--to", "csv", "--columns", "id,owner,owner.name"], stdin: input)
        #expect(flat.status == 0, "\(flat.stderr.prefix(300))")
        #expect(flat.stdout == "id,owner,owner.name\n1,,n\n")
    }
}
