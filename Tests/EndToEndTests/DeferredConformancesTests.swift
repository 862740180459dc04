import Foundation
import Testing

/// The release binary keeps swift-syntax's protocol conformance records out of the section the
/// Swift runtime scans on each first lookup of a (type, protocol) pair
/// (`Scripts/deferred-conformances.ld`), so that a start scans about 6 000 records, not 11 300;
/// `SwiftModelReader` registers them before reading a Swift model, which the golden cases
/// (`FixtureTests`, `decode --model` among them) check against the same binary.
@Suite(.releaseCheck) struct DeferredConformancesTests {
    #if os(Linux)
        /// The sizes of the binary's sections, by name (`readelf -SW`).
        static func sectionSizes() throws -> [String: Int] {
            let output = try DistributionFilesTests.run(["readelf", "-SW", CodableBinary.url.path])
            try #require(output.status == 0, "readelf failed: \(output.text)")
            var sizes: [String: Int] = [:]
            for line in output.text.split(separator: "\n") {
                // [Nr] Name Type Address Off Size ...
                guard let close = line.firstIndex(of: "]") else { continue }
                let fields = line[line.index(after: close)...].split(separator: " ")
                guard fields.count > 5, let size = Int(fields[4], radix: 16) else { continue }
                sizes[String(fields[0])] = size
            }
            return sizes
        }

        @Test func swiftSyntaxRecordsAreApartFromThoseScannedAtStart() throws {
            let sizes = try Self.sectionSizes()
            let scanned = try #require(sizes["swift5_protocol_conformances"]) / 4
            let deferred =
                try #require(
                    sizes["codable_deferred_conformances"], "no deferred section: not linked by build-release.sh?") / 4
            // swift-syntax's 5 000 or so; the rest (the runtime, Foundation, codable) about 6 000.
            #expect(deferred > 4_000, "\(deferred) records set apart")
            #expect(scanned < 8_000, "\(scanned) records scanned at each first lookup")
        }
    #endif
}
