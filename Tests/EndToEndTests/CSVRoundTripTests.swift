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
        // A record whose fields are not the header's (extra ones dropped, missing ones written as
        // empty cells, as documented) must come back exactly on its own: each goes into a file of
        // its own (`--split 1`, a header each), and the files are read back in one run.
        let alone = records.indices.filter { backRecords[$0] != records[$0] }
        #expect(
            alone.count <= max(10, records.count / 2),
            "\(path): \(alone.count) of \(records.count) records differ from the header")
        guard !alone.isEmpty else { return }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pages = directory.appendingPathComponent("pages")
        let split = try CodableBinary.run(
            ["convert", "--from", "jsonl", "--to", format, "--split", "1", "--output-dir", pages.path],
            stdin: alone.map { records[$0] + "\n" }.joined())
        try #require(split.status == 0, "\(path): \(split.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: pages.path).filter { $0.hasPrefix("page-") }
            .sorted().map { pages.appendingPathComponent($0).path }
        try #require(files.count == alone.count, "\(path): \(files.count) pages for \(alone.count) records")
        let aloneBack = try CodableBinary.run(readBack + files)
        try #require(aloneBack.status == 0, "\(path): \(aloneBack.stderr)")
        let backAlone = aloneBack.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        for (position, index) in alone.enumerated() {
            let back = position < backAlone.count ? String(backAlone[backAlone.startIndex + position]) : "nothing"
            #expect(back == records[index], "\(path) record \(index) on its own")
        }
        #expect(backAlone.count == alone.count)
    }
}
