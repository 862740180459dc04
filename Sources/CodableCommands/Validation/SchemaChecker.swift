import CodableParsing
import CodableReports
import CodableSchema
import Foundation

/// `validate --schema`: records checked against a compiled JSON Schema.
struct SchemaChecker: RecordChecker {
    let schema: CompiledSchema
    let subject: ValidationSubject

    /// Compiles the schema file (or the schema at an `http`/`https` URL); a schema that is
    /// itself invalid is a located usage error, one that cannot be read or fetched an I/O error.
    init(path: String, options: SchemaOptions) throws(CommandFailure) {
        let isURL = path.hasPrefix("http://") || path.hasPrefix("https://")
        // A file that cannot be read is an I/O error (3), not a bad schema (2).
        guard isURL || FileManager.default.isReadableFile(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            throw .unreadableModel(place: path, reason: "cannot read schema: \(reason)")
        }
        do {
            schema =
                try isURL
                ? CompiledSchema(remoteURI: path, options: options) : CompiledSchema(path: path, options: options)
        } catch {
            if let fetch = error.fetchFailure {
                throw .unreadableModel(place: fetch.uri, reason: "cannot fetch schema: \(fetch.reason)")
            }
            var place = error.file
            if let line = error.line {
                place += ":\(line)"
                if let column = error.column { place += ":\(column)" }
            }
            throw .invalidDefinition(
                place: place, message: error.printedMessage,
                detail: error.pointer.isEmpty ? nil : "at #\(error.pointer)")
        }
        subject = ValidationSubject(kind: "schema", source: path)
    }

    func findings(in record: Record, limit: Int, each: (CheckerFinding) -> Void) {
        schema.validate(record, limit: limit) { violation in
            each(
                CheckerFinding(
                    node: violation.node, instancePath: violation.instancePath, rule: violation.keyword,
                    ruleLocation: violation.keywordLocation, absoluteRuleLocation: violation.absoluteKeywordLocation,
                    message: violation.message))
        }
    }
}
