import CodableModels
import CodableParsing
import Foundation

/// Reads a JSON Schema file into a `ModelSet` and the type of a whole record, for
/// the subset of JSON Schema that maps to shapes a Codable model can have.
///
/// | Schema | Model |
/// |---|---|
/// | `"type": "object"` with `properties` | a `.structure` named after `title`, the `$defs` key, or `Parent.Property` |
/// | `required` | listed properties are required; the others are optional (`T?`) |
/// | `"type": ["string", "null"]`, `anyOf`/`oneOf` of one schema and `{"type": "null"}` | optional |
/// | `"type": "object"` with only `additionalProperties` (or nothing) | `[String: T]` (`[String: JSON]`) |
/// | `"type": "array"`, `items` | `[T]` (`[JSON]` without `items`) |
/// | `"string"`, `"integer"`, `"number"`, `"boolean"` | `String`, `Int`, `Double`, `Bool` |
/// | `enum` of strings (or integers) | a `.rawEnum` with `String` (`Int`) raw values |
/// | `format: date-time`, `format: date` | `Date` with `.iso8601`, `format:yyyy-MM-dd` |
/// | `x-date-strategy: NAME` | `Date` with any strategy `DateStrategy(parsing:)` accepts |
/// | `format: uuid`, `format: uri`, `contentEncoding: base64` | `UUID`, `URL`, `Data` |
/// | `$ref` to `#`, `#/$defs/X`, `#/definitions/X` | that type (a definition that is not an object or enum is expanded in place) |
/// | no `type` (`{}`, `true`) | `.json`: any value, kept as written |
///
/// Validation keywords (`minimum`, `pattern`, `minLength` …) do not change a Codable shape and
/// are ignored here (`codable validate` checks them). A construct with no Codable shape is a
/// `ModelReadError` at its place, naming its JSON pointer: `oneOf`/`anyOf` of several schemas,
/// `allOf` of several, a `type` list of several non-null types, an `enum` mixing strings and
/// numbers, a `$ref` outside the file.
public struct SchemaModelReader {
    /// Creates a reader.
    public init() {}

    /// Reads the schema file at `path`: the model types it declares and the type of a record.
    public func read(path: String) throws(ModelReadError) -> (models: ModelSet, root: TypeReference) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ModelReadError(
                message: exists ? "cannot read the schema file \(path)" : "no such schema file: \(path)",
                isIOError: true)
        }
        return try read(bytes: [UInt8](data), path: path)
    }

    /// Reads a schema held in memory (`path` names it in origins and messages).
    public func read(text: String, path: String) throws(ModelReadError) -> (models: ModelSet, root: TypeReference) {
        try read(bytes: Array(text.utf8), path: path)
    }

    private func read(bytes: [UInt8], path: String) throws(ModelReadError) -> (models: ModelSet, root: TypeReference) {
        let reader = RecordReader(source: InMemoryByteSource(bytes), options: RecordReaderOptions(framing: .jsonStream))
        var root: SchemaNode?
        do {
            while let batch = try reader.nextBatch() {
                for index in 0..<batch.count {
                    guard root == nil else {
                        let location = batch.location(ofNode: Int(batch.roots[index]))
                        throw ModelReadError(
                            origin: SourceOrigin(file: path, line: location.line, column: location.column),
                            message: "a schema file holds one JSON value; a second one starts here")
                    }
                    root = SchemaNode.tree(of: batch, root: Int(batch.roots[index]), path: path)
                }
            }
        } catch let error as ModelReadError {
            throw error
        } catch RecordReadError.malformed(let reason, let location, _) {
            throw ModelReadError(
                origin: SourceOrigin(file: path, line: location.line, column: location.column),
                message: "the schema is not valid JSON: \(reason)", remedy: ModelRemedy(reason))
        } catch {
            throw ModelReadError(message: "cannot read the schema file \(path)", isIOError: true)
        }
        guard let root else {
            throw ModelReadError(
                origin: SourceOrigin(file: path, line: 1, column: 1), message: "the schema file is empty")
        }
        return try SchemaMapper(root: root, path: path).map()
    }
}
