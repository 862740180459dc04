import Foundation
import Testing

@testable import CodableCommands

/// `validate`'s findings for one record, put in document order: the sorted runs written to a
/// temporary file and merged back a page at a time give what one stable sort in memory gives.
@Suite struct SortedFindingsTests {
    /// Findings at random nodes (many at the same node, so that stability shows), each told
    /// apart by its message (the order it came in), with an absent or present rule location and
    /// now and then a string longer than a run reader's buffer.
    static func findings(count: Int, nodes: Int, seed: UInt64) -> [CheckerFinding] {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { order in
            let node = next() % nodes
            let long = next() % 50 == 0 ? String(repeating: "é", count: 700 + next() % 900) : ""
            return CheckerFinding(
                node: node, instancePath: "/a/\(node)", rule: "type", ruleLocation: "/items/type" + long,
                absoluteRuleLocation: order % 3 == 0 ? nil : "file:///s.json#/items/type",
                message: "finding \(order)")
        }
    }

    /// Every page, in order, until the findings run out.
    static func pages(of sorted: SortedFindings, size: Int) throws -> [[CheckerFinding]] {
        var pages: [[CheckerFinding]] = []
        while !sorted.isExhausted {
            pages.append(try sorted.nextPage(atMost: size))
            #expect(pages.count <= 100_000)
        }
        return pages
    }

    static func stablySorted(_ findings: [CheckerFinding]) -> [String] {
        findings.enumerated().sorted { ($0.element.node, $0.offset) < ($1.element.node, $1.offset) }.map(
            \.element.message)
    }

    @Test(arguments: [(1, 1), (5, 1), (7, 3), (1_000, 64), (1_000, 1_000), (5_000, 333)])
    func pagesOfSpilledRunsComeInStableNodeOrder(count: Int, runLength: Int) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let findings = Self.findings(count: count, nodes: max(count / 4, 1), seed: UInt64(count * 31 + runLength))
        let sorted = SortedFindings(directory: directory.path, runLength: runLength)
        findings.forEach(sorted.add)
        #expect(sorted.count == count)
        #expect(sorted.isInMemory == (count < runLength))
        let pages = try Self.pages(of: sorted, size: 97)
        #expect(pages.allSatisfy { $0.count <= 97 && !$0.isEmpty })
        let merged = pages.flatMap { $0 }
        #expect(merged.map(\.message) == Self.stablySorted(findings))
        // Every field comes back as it went in (matched by message, which is unique).
        let byMessage = Dictionary(uniqueKeysWithValues: findings.map { ($0.message, $0) })
        for finding in merged {
            let original = try #require(byMessage[finding.message])
            #expect(
                finding.node == original.node && finding.instancePath == original.instancePath
                    && finding.rule == original.rule)
            #expect(
                finding.ruleLocation == original.ruleLocation
                    && finding.absoluteRuleLocation == original.absoluteRuleLocation)
        }
        // The unnamed file is gone from the directory from the start.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// Without a directory to write runs in, every finding stays in memory, in the same order.
    @Test func withoutATemporaryDirectoryTheyStayInMemory() throws {
        let findings = Self.findings(count: 2_000, nodes: 300, seed: 7)
        let sorted = SortedFindings(directory: "/nonexistent-codable-directory", runLength: 100)
        findings.forEach(sorted.add)
        #expect(sorted.isInMemory)
        let pages = try Self.pages(of: sorted, size: .max)
        #expect(pages.count == 1)
        #expect(pages.flatMap { $0 }.map(\.message) == Self.stablySorted(findings))
    }

    @Test func noFindingsIsExhaustedAtOnce() throws {
        let sorted = SortedFindings(directory: NSTemporaryDirectory())
        #expect(sorted.isExhausted)
        #expect(try sorted.nextPage(atMost: 10).isEmpty)
    }
}
