import Foundation
import Testing

/// `convert` JSON -> YAML -> JSON gives back the same records, byte for byte (numbers, key order,
/// strings), for every sample and every file of the shared corpus; and YAML written by codable
/// reads back as the records written, in both YAML layouts.
@Suite struct YAMLRoundTripTests {
    /// Every sample that converts cleanly (Samples/broken.jsonl is broken on purpose).
    static var samples: [String] {
        let root = CodableBinary.repositoryRoot.appendingPathComponent("Samples")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter {
            !$0.hasPrefix("broken") && ["json", "jsonl", "json-seq", "yaml"].contains(($0 as NSString).pathExtension)
        }
        .sorted().map { "Samples/" + $0 }
    }

    static let corpus = ["twitter.json", "citm_catalog.json", "amazon_cellphones.ndjson"]

    @Test(arguments: samples, [false, true])
    func sample(_ path: String, asSequence: Bool) throws {
        try expectRoundTrip(path, asSequence: asSequence)
    }

    @Test(arguments: corpus)
    func corpusFile(_ name: String) throws {
        guard let shared = CodableBinary.shared else {
            print("skipped: ../shared is absent, so the corpus round trip of \(name) is not checked")
            return
        }
        try expectRoundTrip(
            shared.appendingPathComponent("corpus").appendingPathComponent(name).path, asSequence: false)
    }

    @Test func samplesAreThere() {
        #expect(Self.samples.count >= 5)
        #expect(Self.samples.contains("Samples/services.yaml"))
    }

    /// YAML takes an implicit key (`key: value`) of at most 1024 characters: a longer key is
    /// written as an explicit one (`? key`, then `: value`), wherever it is (top level, nested,
    /// first in a sequence item, before an empty collection, sorted), so that the YAML reads
    /// back; a key of exactly 1024 bytes as written stays implicit.
    @Test(arguments: [false, true])
    func keysLongerThanYAMLAllowsImplicitlyAreWrittenExplicitly(asSequence: Bool) throws {
        let long = String(repeating: "k", count: 1025)
        let longest = String(repeating: "i", count: 1024)
        // \x7F, 4 bytes each
        let quoted = String(repeating: "q", count: 1000) + String(repeating: #"\u007f"#, count: 10)
        let huge = String(repeating: "h", count: 7000)  // explicit without being measured first
        let record =
            #"{"\#(long)":1,"\#(longest)":2,"nested":{"\#(long)":[1,{"\#(quoted)":{"a":"\#(long)"}}]},"#
            + #""items":[{"\#(long)":2,"b":3}],"empty":{"\#(long)":{}},"list":{"\#(long)":[]},"\#(huge)":"h"}"#
        let input = FileManager.default.temporaryDirectory.appendingPathComponent(
            "codable-long-keys-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: input) }
        try (record + "\n" + record + "\n").write(to: input, atomically: true, encoding: .utf8)
        for sorted in [false, true] {
            let flags = (asSequence ? ["--yaml-sequence"] : []) + (sorted ? ["--sort-keys"] : [])
            let yaml = try CodableBinary.run(["convert", "--to", "yaml"] + flags + [input.path])
            try #require(yaml.status == 0, "\(yaml.stderr)")
            let explicitKeys = yaml.stdout.components(separatedBy: "\n").filter {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix("? ") || $0.contains("- ? ")
            }
            #expect(explicitKeys.count == 2 * 7, "\(flags): \(explicitKeys.count) explicit keys, not 14")
            #expect(yaml.stdout.contains("\(longest): 2"), "\(flags): the 1024-byte key is not written implicitly")
            let back = try CodableBinary.run(
                ["convert", "--from", "yaml", "--to", "jsonl"], stdin: Data(yaml.stdout.utf8))
            try #require(back.status == 0, "\(flags): the YAML written does not read back: \(back.stderr)")
            let direct = try CodableBinary.run(
                ["convert", "--to", "jsonl"] + (sorted ? ["--sort-keys"] : []) + [input.path])
            #expect(back.stdout == direct.stdout, "\(flags): JSON -> YAML -> JSON changed the records")
        }
    }

    /// The records of `path` as JSON Lines, directly and through YAML, must be identical.
    private func expectRoundTrip(_ path: String, asSequence: Bool) throws {
        let direct = try CodableBinary.run(["convert", "--to", "jsonl", path])
        try #require(direct.status == 0, "\(path): \(direct.stderr)")
        let yamlFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "codable-roundtrip-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: yamlFile) }
        let toYAML = try CodableBinary.run(
            ["convert", "--to", "yaml", "-o", yamlFile.path, path] + (asSequence ? ["--yaml-sequence"] : []))
        try #require(toYAML.status == 0, "\(path) to YAML: \(toYAML.stderr)")
        let back = try CodableBinary.run(["convert", "--to", "jsonl", yamlFile.path])
        try #require(back.status == 0, "\(path) back from YAML: \(back.stderr)")
        #expect(back.stdout == direct.stdout, "\(path): JSON -> YAML -> JSON changed the records")
        #expect(!direct.stdout.isEmpty)
    }
}
