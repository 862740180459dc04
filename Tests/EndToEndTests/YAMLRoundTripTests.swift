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
        return files.filter { !$0.hasPrefix("broken") && ["json", "jsonl", "json-seq", "yaml"].contains(($0 as NSString).pathExtension) }
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
        try expectRoundTrip(shared.appendingPathComponent("corpus").appendingPathComponent(name).path, asSequence: false)
    }

    @Test func samplesAreThere() {
        #expect(Self.samples.count >= 5)
        #expect(Self.samples.contains("Samples/services.yaml"))
    }

    /// The records of `path` as JSON Lines, directly and through YAML, must be identical.
    private func expectRoundTrip(_ path: String, asSequence: Bool) throws {
        let direct = try CodableBinary.run(["convert", "--to", "jsonl", path])
        try #require(direct.status == 0, "\(path): \(direct.stderr)")
        let yamlFile = FileManager.default.temporaryDirectory.appendingPathComponent("codable-roundtrip-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: yamlFile) }
        let toYAML = try CodableBinary.run(["convert", "--to", "yaml", "-o", yamlFile.path, path] + (asSequence ? ["--yaml-sequence"] : []))
        try #require(toYAML.status == 0, "\(path) to YAML: \(toYAML.stderr)")
        let back = try CodableBinary.run(["convert", "--to", "jsonl", yamlFile.path])
        try #require(back.status == 0, "\(path) back from YAML: \(back.stderr)")
        #expect(back.stdout == direct.stdout, "\(path): JSON -> YAML -> JSON changed the records")
        #expect(!direct.stdout.isEmpty)
    }
}
