import CodableParsing
import CodableSchema
import Foundation

/// Reads `text` as one record and returns its batch (record 0).
func recordBatch(_ text: String) throws -> RecordBatch {
    let reader = RecordReader(source: InMemoryByteSource(text), options: RecordReaderOptions(framing: .jsonStream))
    guard let batch = try reader.nextBatch() else { throw CocoaError(.fileReadCorruptFile) }
    return batch
}

/// Compiles `schema` and validates `record` with it.
func violations(_ schema: String, _ record: String, limit: Int = 100, options: SchemaOptions = SchemaOptions()) throws
    -> [SchemaViolation]
{
    let compiled = try CompiledSchema(bytes: Array(schema.utf8), name: "schema.json", options: options)
    let batch = try recordBatch(record)
    return compiled.validate(batch[0], limit: limit)
}

/// The error compiling `schema` gives, or nil when it compiles.
func schemaError(_ schema: String, options: SchemaOptions = SchemaOptions()) -> SchemaError? {
    do {
        _ = try CompiledSchema(bytes: Array(schema.utf8), name: "schema.json", options: options)
        return nil
    } catch {
        return error
    }
}

/// A fresh temporary folder.
func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "codable-schema-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
