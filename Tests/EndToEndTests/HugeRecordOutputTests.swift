import Foundation
import Testing

/// A record larger than the output buffer (256 KiB) is written out as it is made, in every output
/// format, in `--split` pages and `--envelope` pages, instead of being held whole first: the
/// output is the same, a closed pipe in the middle of it is handled as between records (a full
/// disk: `NothingLostTests`), and it takes no memory of its own.
@Suite struct HugeRecordOutputTests {
    /// One record holding a string of `megabytes` MB, and a small one after it.
    private static func input(megabytes: Int, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("huge.jsonl")
        let text =
            "{\"id\":1,\"text\":\"" + String(repeating: "abcdefgh", count: megabytes << 17)
            + "\"}\n{\"id\":2,\"text\":\"b\"}\n"
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test(arguments: ["jsonl", "json", "yaml", "csv"])
    func theOutputIsWhole(format: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try Self.input(megabytes: 3, in: directory)
        let result = try CodableBinary.run(["convert", "--to", format, input.path])
        #expect(result.status == 0, "\(result.stderr)")
        let long = String(repeating: "abcdefgh", count: 3 << 17)
        let expected =
            switch format {
            case "jsonl": "{\"id\":1,\"text\":\"\(long)\"}\n{\"id\":2,\"text\":\"b\"}\n"
            case "json": "[{\"id\":1,\"text\":\"\(long)\"},{\"id\":2,\"text\":\"b\"}]\n"
            case "yaml": "id: 1\ntext: \(long)\n---\nid: 2\ntext: b\n"
            default: "id,text\n1,\(long)\n2,b\n"
            }
        let same = result.stdout == expected  // not compared in the expectation: it would print megabytes
        #expect(
            same,
            "\(format): \(result.stdout.utf8.count) bytes out, \(expected.utf8.count) expected; starts \(result.stdout.prefix(40))"
        )
        // Through the transform pipeline too.
        let selected = try CodableBinary.run(["convert", "--to", format, "--select", "text,id", input.path])
        #expect(selected.status == 0 && selected.stdout.utf8.count == expected.utf8.count, "\(selected.stderr)")
    }

    /// `--split` pages and an `--envelope` page are written as they are made too.
    @Test func pagesAndEnvelopesAreWhole() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try Self.input(megabytes: 3, in: directory)
        let long = String(repeating: "abcdefgh", count: 3 << 17)
        let pages = directory.appendingPathComponent("pages")
        let split = try CodableBinary.run([
            "convert", "--to", "jsonl", "--split", "1", "--output-dir", pages.path, input.path,
        ])
        #expect(split.status == 0, "\(split.stderr)")
        let first = try String(contentsOf: pages.appendingPathComponent("page-000001.jsonl"), encoding: .utf8)
        let firstIsWhole = first == "{\"id\":1,\"text\":\"\(long)\"}\n"
        #expect(firstIsWhole, "page 1: \(first.utf8.count) bytes")
        #expect(
            try String(contentsOf: pages.appendingPathComponent("page-000002.jsonl"), encoding: .utf8)
                == "{\"id\":2,\"text\":\"b\"}\n")
        let envelope = try CodableBinary.run(["convert", "--to", "jsonl", "--envelope", "--limit", "2", input.path])
        #expect(envelope.status == 0, "\(envelope.stderr)")
        let expected =
            "{\"items\":[{\"id\":1,\"text\":\"\(long)\"},{\"id\":2,\"text\":\"b\"}],\"page\":1,\"pageSize\":2,\"hasMorePages\":false,\"nextPage\":null,\"totalItems\":2,\"totalPages\":1}\n"
        let envelopeIsWhole = envelope.stdout == expected
        #expect(envelopeIsWhole, "envelope: \(envelope.stdout.utf8.count) bytes, \(expected.utf8.count) expected")
    }

    @Test func aClosedPipeInTheMiddleOfARecordStopsQuietly() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try Self.input(megabytes: 8, in: directory)
        let result = try runShell(
            "set -o pipefail; \(CodableBinary.url.path) convert --to jsonl \(input.path) | head -c 20")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "{\"id\":1,\"text\":\"abcd")
        #expect(result.stderr.isEmpty)
    }

    #if os(Linux)
        /// A 64 MB string read and written costs its input and little more: its output is not
        /// held whole. Net of a small record's run; GNU time measures the peaks.
        @Test(.releaseCheck) func aHugeRecordIsNotHeldOnItsWayOut() throws {
            guard CodableBinary.measuresPeakMemory else { return }
            let directory = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let huge = try Self.input(megabytes: 64, in: directory)
            let small = directory.appendingPathComponent("small.jsonl")
            try "{\"id\":1}\n".write(to: small, atomically: true, encoding: .utf8)
            func peakBytes(_ input: URL) throws -> Int {
                let (result, peak) = try CodableBinary.runMeasuringPeak(["convert", "--to", "jsonl", input.path])
                #expect(result.status == 0, "\(result.stderr)")
                return try #require(peak) * 1024
            }
            let size = try #require(FileManager.default.attributesOfItem(atPath: huge.path)[.size] as? Int)
            let net = try peakBytes(huge) - peakBytes(small)
            #expect(net < size * 3 / 2, "net peak \(net) bytes for \(size) bytes of input")
        }
    #endif
}
