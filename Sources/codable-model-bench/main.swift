import CodableModels
import CodableSwiftModels
import Foundation
import SwiftParser

// Measures how long `--model` takes to read a large model file: a generated file of about
// 2 000 lines (structs, nested types, enums, CodingKeys, typealiases, generics), read with
// `SwiftModelReader` as `codable decode --model FILE` reads it. Run in release:
//   Scripts/bench-models.sh [lines] [runs]   (or: swift run -c release codable-model-bench)
let targetLines = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 2_000
let runs = CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 5

/// One model group: about 40 lines.
func group(_ n: Int) -> String {
    """
    /// Order number \(n), with its lines and customer.
    struct Order\(n): Codable, Identifiable, Hashable {
        let id: UUID
        var number: Int
        var placedAt: Date
        var shippedAt: Date?
        var status: Status
        var customer: Customer
        var lines: [Line]
        var tags: Set<String> = []
        var metadata: [String: String]
        var total: Decimal
        var notes: String?
        let schemaVersion = \(n % 5)
        var isLarge: Bool { lines.count > 10 }

        enum Status: String, Codable { case draft, placed, shipped = "SHIPPED", cancelled }

        struct Customer: Codable, Hashable {
            var name: String
            var email: String
            var website: URL?
        }

        struct Line: Codable, Hashable {
            var sku: SKU\(n)
            var quantity: Int32
            var price: Double
            var discount: Float?
        }

        enum CodingKeys: String, CodingKey {
            case id, number, status, customer, lines, tags, metadata, total, notes
            case placedAt = "placed_at", shippedAt = "shipped_at", schemaVersion = "schema_version"
        }
    }

    typealias SKU\(n) = String
    enum Event\(n): Codable { case created(at: Date), renamed(String, by: UUID), deleted }

    """
}

var source = "import Foundation\n\nstruct Page<T: Codable>: Codable { var items: [T]; var next: Int? }\n\n"
var groups = 0
while source.split(separator: "\n", omittingEmptySubsequences: false).count < targetLines {
    source += group(groups)
    groups += 1
}
let lines = source.split(separator: "\n", omittingEmptySubsequences: false).count
let path = NSTemporaryDirectory() + "codable-model-bench-\(ProcessInfo.processInfo.processIdentifier).swift"
try Data(source.utf8).write(to: URL(fileURLWithPath: path))
defer { try? FileManager.default.removeItem(atPath: path) }

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

// swift-syntax's parse alone, for comparison: the rest is codable's own resolution. A reader is
// made first: it makes swift-syntax's protocol conformances known to the runtime (its init says why).
let reader = SwiftModelReader()
var bestParse = Double.infinity
for _ in 0..<runs {
    let start = ContinuousClock.now
    let tree = Parser.parse(source: source)
    let elapsed = ContinuousClock.now - start
    precondition(!tree.statements.isEmpty)
    bestParse = min(bestParse, seconds(elapsed))
}

var best = Double.infinity
var typeCount = 0
for _ in 0..<runs {
    let start = ContinuousClock.now
    let models = try reader.read(paths: [path])
    let elapsed = ContinuousClock.now - start
    typeCount = models.types.count
    let unsupported = models.types.values.filter {
        if case .unsupported = $0.shape { return true } else { return false }
    }
    precondition(unsupported.isEmpty, "generated models should all be supported: \(unsupported.map(\.name))")
    best = min(best, seconds(elapsed))
}
print("model file: \(lines) lines, \(source.utf8.count) bytes, \(typeCount) types")
print("swift-syntax parse alone: best of \(runs): \(String(format: "%.1f", bestParse * 1_000)) ms")
print("read (file, parse, resolve): best of \(runs): \(String(format: "%.1f", best * 1_000)) ms (target: under 200 ms)")
