import Foundation
import Testing

/// `convert` JSON → CSV (and TSV) → JSON gives back the same records, numbers and key order
/// exact, on every file of `../shared/corpus` and `Samples/`.
///
/// Objects are read back with `--unflatten` (nested objects were flattened to dotted columns and
/// arrays written as JSON text), array records with `--no-header`. A record whose fields are not
/// the header's (the first record's) does not come back the same from a whole-file conversion, as
/// documented (extra fields dropped, missing ones empty cells): such records are then converted on
/// their own and must come back exactly too.
@Suite struct CSVRoundTripTests {
    static var inputs: [String] {
        var paths: [String] = []
        let root = CodableBinary.repositoryRoot
        if let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent("Samples").path) {
            // Record files only (models, schemas and CSV samples are not JSON or YAML records).
            let recordExtensions: Set<String> = ["json", "jsonl", "ndjson", "json-seq", "yaml", "yml"]
            for case let path as String in enumerator
            where recordExtensions.contains((path as NSString).pathExtension) && !path.contains("broken")
                && !path.hasSuffix(".schema.json")
            {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(
                    atPath: root.appendingPathComponent("Samples/\(path)").path, isDirectory: &isDirectory),
                    !isDirectory.boolValue
                {
                    paths.append("Samples/\(path)")
                }
            }
        }
        if let shared = CodableBinary.shared {
            let corpus = shared.appendingPathComponent("corpus")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
            where name.hasSuffix(".json") || name.hasSuffix(".ndjson") {
                paths.append(corpus.appendingPathComponent(name).path)
            }
        }
        return paths.sorted()
    }

    @Test func sharedCorpusIsThere() {
        if CodableBinary.shared == nil {
            print("note: ../shared is absent: the CSV round trips run on Samples/ only")
        }
        #expect(Self.inputs.count >= 5)
    }

    @Test(arguments: inputs, ["csv", "tsv"])
    func roundTrip(_ path: String, _ format: String) throws {
        let original = try CodableBinary.run(["convert", "--to", "jsonl", path])
        try #require(original.status == 0, "\(path): \(original.stderr)")
        let records = original.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
        let tabular = try CodableBinary.run(["convert", "--to", format, path])
        try #require(tabular.status == 0, "\(path): \(tabular.stderr)")
        let readBack = [
            "convert", "--from", format, "--to", "jsonl",
            records.first?.hasPrefix("[") == true ? "--no-header" : "--unflatten",
        ]
        let back = try CodableBinary.run(readBack, stdin: tabular.stdout)
        try #require(back.status == 0, "\(path): \(back.stderr)")
        let backRecords = back.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
        try #require(
            backRecords.count == records.count, "\(path): \(records.count) records in, \(backRecords.count) back")
        var alone = 0
        for (index, record) in records.enumerated() where backRecords[index] != record {
            // Its fields are not the header's (extra ones dropped, missing ones written as empty
            // cells, as documented): the record on its own must come back exactly.
            alone += 1
            let single = try CodableBinary.run(["convert", "--from", "jsonl", "--to", format], stdin: record + "\n")
            let singleBack = try CodableBinary.run(readBack, stdin: single.stdout)
            #expect(singleBack.stdout == record + "\n", "\(path) record \(index) on its own")
        }
        #expect(
            alone <= max(10, records.count / 2), "\(path): \(alone) of \(records.count) records differ from the header")
    }
}
