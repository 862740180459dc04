import CodableParsing
import Foundation
import Testing

@testable import CodableReports

/// `TextSpool`: the text comes back whole and in order, from memory and from its file, drained
/// again and again (a JSON report drains once an input), and in memory where no file can be made;
/// the file has no name, so nothing is left in the directory. And the reports that spool write
/// the same text with a spool as without.
@Suite struct TextSpoolTests {
    /// Every piece appended, drained through `drain`, as one string.
    private func drained(_ spool: TextSpool) throws -> String {
        var bytes: [UInt8] = []
        try spool.drain { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func makeDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(arguments: [1, 7, 64, 1 << 20])
    func comesBackWholeAndInOrderDrainAfterDrain(memoryLimit: Int) throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spool = TextSpool(directory: directory.path, memoryLimit: memoryLimit)
        for round in 0..<3 {
            // Pieces of every length around the limit, and a long one (more than a read's 64 KiB).
            var expected = ""
            for piece in 0..<200 {
                let text = String(repeating: "é\(round)-\(piece);", count: piece % 9)
                spool.append(text)
                expected += text
            }
            let long = String(repeating: "x", count: 150_000) + "\(round)"
            long.utf8.withContiguousStorageIfAvailable { spool.append(UnsafeRawBufferPointer($0)) }
            expected += long
            #expect(!spool.isEmpty)
            let text = try drained(spool)
            #expect(text.count == expected.count)
            #expect(text == expected, "round \(round)")
            #expect(spool.isEmpty)
            #expect(try drained(spool).isEmpty)
        }
        // The file was removed as soon as it was made.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// The text in memory never takes more room than the limit, whatever the pieces' sizes
    /// (grown by doubling, a spool of 1 MiB would hold 2 MiB), and the text still comes back whole.
    @Test func memoryNeverGrowsPastTheLimit() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let limit = 4096
        let spool = TextSpool(directory: directory.path, memoryLimit: limit)
        var expected = ""
        for piece in 0..<3000 {
            // Short pieces, pieces about the limit's size, and pieces past it.
            let length = piece % 97 == 0 ? limit + piece % 5 - 2 : piece % 61 == 0 ? 3 * limit : 1 + piece % 300
            let text = String(repeating: String(UnicodeScalar(UInt8(97 + piece % 26))), count: length)
            spool.append(text)
            expected += text
            #expect(spool.memoryCapacity <= limit + 64, "after piece \(piece): room for \(spool.memoryCapacity) bytes")
        }
        #expect(try drained(spool) == expected)
    }

    /// With no file, the text in memory grows past the limit by doubling, not piece by piece
    /// (which would copy it all at every append).
    @Test func withoutAFileMemoryGrowsByDoubling() throws {
        let spool = TextSpool(directory: nil, memoryLimit: 64)
        var capacities: Set<Int> = []
        for _ in 0..<10_000 {
            spool.append(String(repeating: "x", count: 100))
            capacities.insert(spool.memoryCapacity)
        }
        #expect(capacities.count < 30, "grown \(capacities.count) times for 10 000 appends")
        #expect(try drained(spool).utf8.count == 1_000_000)
    }

    @Test func staysInMemoryWhereNoFileCanBeMade() throws {
        let spool = TextSpool(directory: "/nonexistent/codable-spool", memoryLimit: 4)
        spool.append("first, ")
        spool.append("second")
        #expect(try drained(spool) == "first, second")
        let inMemory = TextSpool(directory: nil, memoryLimit: 4)
        inMemory.append("all of it")
        #expect(try drained(inMemory) == "all of it")
    }

    /// The JSON, JUnit and SARIF reports of two inputs of 8 000 problems each, one unreadable
    /// between them: the same text spooled to a file as kept in memory.
    @Test func reportsWriteTheSameTextSpooledAsInMemory() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func run(_ report: any ValidationReport) throws -> String {
            let sink = Collected()
            for file in ["a.jsonl", "gone.json", "b.jsonl"] {
                let problems = file == "gone.json" ? 0 : 8_000
                for index in 0..<problems {
                    sink.write(report.problem(ReportTests.problem(file: file, message: "problem \(index) of \(file)")))
                }
                let outcome =
                    file == "gone.json"
                    ? FileOutcome(file: file, records: 0, problems: 0, unreadable: "No such file")
                    : FileOutcome(file: file, records: problems, problems: problems)
                try report.finish(outcome, into: sink)
            }
            try report.end(ValidationSummary(), into: sink)
            return String(decoding: sink.bytes, as: UTF8.self)
        }
        let spooled = directory.path
        let pairs: [(any ValidationReport, any ValidationReport)] = [
            (
                JSONReport(tool: ReportTests.tool, subject: ReportTests.subject),
                JSONReport(tool: ReportTests.tool, subject: ReportTests.subject, spoolDirectory: spooled)
            ),
            (
                JUnitReport(subject: ReportTests.subject),
                JUnitReport(subject: ReportTests.subject, spoolDirectory: spooled)
            ),
            (
                SARIFReport(tool: ReportTests.tool, subject: ReportTests.subject),
                SARIFReport(tool: ReportTests.tool, subject: ReportTests.subject, spoolDirectory: spooled)
            ),
        ]
        for (inMemory, withFile) in pairs {
            let expected = try run(inMemory)
            let text = try run(withFile)
            #expect(text.utf8.count > 1 << 20, "big enough to reach the file")
            #expect(text == expected, "\(type(of: inMemory))")
            #expect(text.contains("problem 7999 of b.jsonl"))
        }
    }

    private final class Collected: ReportSink {
        var bytes: [UInt8] = []
        func write(_ bytes: UnsafeRawBufferPointer) { self.bytes.append(contentsOf: bytes) }
    }
}
