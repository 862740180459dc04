// Runs JSON-Schema-Test-Suite (draft2020-12, draft2019-09, draft7, draft6 and draft4) against
// CodableSchema.
//
//   codable-schema-suite SUITE_DIR [--verbose] [--filter TEXT]
//
// `remotes/` is the schema folder, so `http://localhost:1234/x.json` is read from
// `remotes/x.json`. Tests under `optional/format/` run with `assertFormats` on. Prints
// `N passed, N failed` per draft for the required and the optional tests, and exits 1 when a
// required test or an `optional/format/` test fails (they all pass: keep it so).
import CodableParsing
import CodableSchema
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let suite = arguments.first(where: { !$0.hasPrefix("--") }) else {
    FileHandle.standardError.write(Data("usage: codable-schema-suite SUITE_DIR [--verbose] [--filter TEXT]\n".utf8))
    exit(2)
}
let verbose = arguments.contains("--verbose")
let filter: String? = arguments.firstIndex(of: "--filter").flatMap {
    arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil
}
let remotes = suite + "/remotes"

struct Tally { var passed = 0, failed = 0 }

func members(_ batch: RecordBatch, _ object: Int) -> [String: Int] {
    var result: [String: Int] = [:]
    let node = batch.nodes[object]
    guard node.kind == .object else { return [:] }
    for key in batch.nodes.children(of: object) {
        let name = batch.bytes.withUnsafeBufferPointer { batch.nodes[key].stringValue(in: $0.baseAddress!) }
        result[name] = key + 1
    }
    return result
}

func elements(_ batch: RecordBatch, _ array: Int) -> [Int] {
    Array(batch.nodes.children(of: array))
}

func string(_ batch: RecordBatch, _ node: Int) -> String {
    batch.bytes.withUnsafeBufferPointer { batch.nodes[node].stringValue(in: $0.baseAddress!) }
}

/// Runs one test file; returns its tally.
func run(file: String, assertFormats: Bool, draft: JSONSchemaDraft) -> Tally {
    var tally = Tally()
    guard let data = FileManager.default.contents(atPath: file) else {
        print("cannot read \(file)")
        return tally
    }
    let reader = RecordReader(source: InMemoryByteSource([UInt8](data)), options: RecordReaderOptions(framing: .json))
    let name = (file as NSString).lastPathComponent
    do {
        while let batch = try reader.nextBatch() {
            for index in 0..<batch.count {
                let group = members(batch, Int(batch.roots[index]))
                guard let schemaNode = group["schema"], let tests = group["tests"] else { continue }
                let description = group["description"].map { string(batch, $0) } ?? "?"
                let schemaText = Record(batch: batch, root: schemaNode).compactText
                let options = SchemaOptions(assertFormats: assertFormats, schemaDirectory: remotes, defaultDraft: draft)
                let schema: CompiledSchema
                do {
                    schema = try CompiledSchema(
                        bytes: Array(schemaText.utf8), name: "schema-under-test.json", options: options)
                } catch {
                    tally.failed += elements(batch, tests).count
                    print("FAIL \(name): \(description): schema did not compile: \(error)")
                    continue
                }
                for test in elements(batch, tests) {
                    let fields = members(batch, test)
                    guard let dataNode = fields["data"], let validNode = fields["valid"] else { continue }
                    let expected = batch.nodes[validNode].kind == .true
                    let violations = schema.validate(Record(batch: batch, root: dataNode), limit: 100)
                    if violations.isEmpty == expected {
                        tally.passed += 1
                    } else {
                        tally.failed += 1
                        let testDescription = fields["description"].map { string(batch, $0) } ?? "?"
                        print(
                            "FAIL \(file.contains("/optional/format/") ? "optional/format " : file.contains("/optional/") ? "optional " : "")\(name): \(description) / \(testDescription): expected \(expected ? "valid" : "invalid")"
                        )
                        if verbose {
                            print("  schema: \(schemaText.prefix(400))")
                            print("  data: \(Record(batch: batch, root: dataNode).compactText.prefix(200))")
                            for violation in violations {
                                print(
                                    "  \(violation.keywordLocation) at \(violation.instancePath): \(violation.message)")
                            }
                        }
                    }
                }
            }
        }
    } catch {
        print("FAIL \(name): unreadable test file: \(error)")
        tally.failed += 1
    }
    return tally
}

func jsonFiles(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
        .filter { $0.hasSuffix(".json") }
        .sorted()
        .map { directory + "/" + $0 }
        .filter { filter == nil || $0.contains(filter!) }
}

var requiredFailed = false
let drafts: [(String, JSONSchemaDraft)] = [
    ("draft2020-12", .draft2020_12), ("draft2019-09", .draft2019_09), ("draft7", .draft7), ("draft6", .draft6),
    ("draft4", .draft4),
]
for (draft, dialect) in drafts {
    let base = suite + "/tests/" + draft
    var required = Tally()
    var optional = Tally()
    var formats = Tally()
    for file in jsonFiles(base) {
        let tally = run(file: file, assertFormats: false, draft: dialect)
        required.passed += tally.passed
        required.failed += tally.failed
    }
    for file in jsonFiles(base + "/optional") {
        let tally = run(file: file, assertFormats: false, draft: dialect)
        optional.passed += tally.passed
        optional.failed += tally.failed
    }
    for file in jsonFiles(base + "/optional/format") {
        let tally = run(file: file, assertFormats: true, draft: dialect)
        formats.passed += tally.passed
        formats.failed += tally.failed
    }
    print("\(draft) required: \(required.passed) passed, \(required.failed) failed")
    print("\(draft) optional: \(optional.passed) passed, \(optional.failed) failed")
    print("\(draft) optional/format (assertFormats): \(formats.passed) passed, \(formats.failed) failed")
    if required.failed > 0 || formats.failed > 0 { requiredFailed = true }
}
exit(requiredFailed ? 1 : 0)
