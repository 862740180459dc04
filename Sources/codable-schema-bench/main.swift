// Validation throughput on one core: reads a JSON Lines file into memory, then validates every
// record against a schema, best of N runs.
//
//   swift run -c release codable-schema-bench RECORDS.jsonl SCHEMA.json [RUNS]
import CodableParsing
import CodableSchema
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3, let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: codable-schema-bench RECORDS.jsonl SCHEMA.json [RUNS]\n".utf8))
    exit(2)
}
let runs = arguments.count > 3 ? Int(arguments[3]) ?? 3 : 3
let schema: CompiledSchema
do {
    schema = try CompiledSchema(path: arguments[2], options: SchemaOptions())
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
let bytes = [UInt8](data)
var best = Double.infinity
var records = 0
var invalid = 0
for _ in 0..<runs {
    records = 0
    invalid = 0
    let start = Date()
    let reader = RecordReader(source: InMemoryByteSource(bytes), options: RecordReaderOptions(framing: .jsonl))
    do {
        while let batch = try reader.nextBatch() {
            for index in 0..<batch.count {
                records += 1
                if !schema.validate(batch[index], limit: 100).isEmpty { invalid += 1 }
            }
        }
    } catch {
        FileHandle.standardError.write(Data("codable-schema-bench: \(arguments[1]): \(error)\n".utf8))
        exit(1)
    }
    best = min(best, Date().timeIntervalSince(start))
}
let megabytes = Double(bytes.count) / 1_000_000
print(
    String(
        format: "%d records (%d invalid), %.1f MB: best of %d %.3f s, %.1f MB/s (parse + validate, one core)",
        records, invalid, megabytes, runs, best, megabytes / best))
