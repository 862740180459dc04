import CodableParsing
import Foundation

/// A JSON Schema (draft 2020-12 by default; draft 2019-09, draft-07, draft-06 or draft-04 when
/// `$schema` says so), compiled once and applied to any number of records.
///
/// Compiling reads the schema with our JSON reader, resolves every `$ref` (remote ones from the
/// schema folder, else through the options' remote loader), compiles every regular expression and checks every
/// keyword's type, so a schema that is itself invalid fails here, with its location, and never
/// while validating. `CompiledSchema` is immutable and can be shared across tasks.
public final class CompiledSchema: Sendable {
    let program: SchemaProgram
    let root: Int32
    let tracksAnnotations: Bool

    /// Reads and compiles the schema file at `path`.
    public convenience init(path: String, options: SchemaOptions) throws(SchemaError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "does not exist"
            throw SchemaError(file: path, pointer: "", message: "the schema file \(reason)")
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let directory = options.schemaDirectory ?? (absolute as NSString).deletingLastPathComponent
        try self.init(
            bytes: [UInt8](data), name: path, uri: Self.fileURI(absolute), directory: directory, options: options)
    }

    /// Compiles a schema held in memory; `name` stands for its file in errors. Relative
    /// remote `$ref`s resolve against `schemaDirectory` (default: the current directory).
    public convenience init(bytes: [UInt8], name: String, options: SchemaOptions) throws(SchemaError) {
        let directory = options.schemaDirectory ?? FileManager.default.currentDirectoryPath
        let absolute = URL(
            fileURLWithPath: (directory as NSString).appendingPathComponent((name as NSString).lastPathComponent)
        ).standardizedFileURL.path
        try self.init(bytes: bytes, name: name, uri: Self.fileURI(absolute), directory: directory, options: options)
    }

    /// Fetches and compiles the schema at the `http`/`https` URI `uri` through
    /// `options.remoteLoader`; relative `$ref`s resolve against `uri`, and remote ones are
    /// looked for in `schemaDirectory` (default: the current directory) before being fetched.
    public convenience init(remoteURI uri: String, options: SchemaOptions) throws(SchemaError) {
        let withoutFragment = String(uri.prefix { $0 != "#" })
        let directory = options.schemaDirectory ?? FileManager.default.currentDirectoryPath
        if let text = Metaschemas.bundled[withoutFragment] ?? Metaschemas.older[withoutFragment] {
            try self.init(
                bytes: Array(text.utf8), name: uri, uri: withoutFragment, directory: directory, options: options)
            return
        }
        guard let loader = options.remoteLoader else {
            throw SchemaError(file: uri, pointer: "", message: "schemas are not fetched from the network here")
        }
        let bytes: [UInt8]
        do { bytes = try loader.schemaBytes(at: withoutFragment) } catch {
            throw SchemaError(
                file: uri, pointer: "", message: "cannot fetch the schema \(uri): \(error.reason)", fetchFailure: error)
        }
        try self.init(bytes: bytes, name: uri, uri: withoutFragment, directory: directory, options: options)
    }

    private init(bytes: [UInt8], name: String, uri: String, directory: String, options: SchemaOptions)
        throws(SchemaError)
    {
        let registry = SchemaRegistry(
            directory: directory.hasSuffix("/") ? String(directory.dropLast()) : directory,
            remoteLoader: options.remoteLoader)
        let document = try SchemaDocument(bytes: bytes, file: name, uri: uri)
        let position = try registry.add(document, draft: SchemaDraft(options.defaultDraft))
        let compiler = SchemaCompiler(registry: registry, options: options)
        root = try compiler.compile(position)
        try compiler.compileDynamicAnchors()
        try compiler.checkCycles()
        program = SchemaProgram(compiler: compiler)
        tracksAnnotations = compiler.usesUnevaluated
    }

    /// Every way `record` breaks the schema, in document order, at most `limit` of them (an
    /// empty array means the record is valid).
    public func validate(_ record: Record, limit: Int) -> [SchemaViolation] {
        var violations: [SchemaViolation] = []
        validate(record, limit: limit) { violations.append($0) }
        return violations.inDocumentOrder(node: \.node)
    }

    /// Hands `each` every way `record` breaks the schema, at most `limit` of them, one at a time
    /// as evaluation finds them: in evaluation order, which is not document order (sort them
    /// stably by `node` for that). For a record with more violations than fit in memory.
    public func validate(_ record: Record, limit: Int, each: (SchemaViolation) -> Void) {
        guard limit > 0 else { return }
        withoutActuallyEscaping(each) { deliver in
            record.batch.nodes.withNodes { tapeNodes in
                record.batch.bytes.withUnsafeBufferPointer { bytes in
                    let tape = JSONEquality.Tape(
                        nodes: tapeNodes, bytes: bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                    var evaluator = SchemaEvaluator(
                        tape: tape, program: program, tracking: tracksAnnotations, limit: limit, deliver: deliver)
                    defer { evaluator.free() }
                    var annotations = Annotations()
                    _ = evaluator.evaluate(Child(node: root, segment: 0), record.root, &annotations)
                }
            }
        }
    }

    /// True when `record` is valid (stops at the first problem).
    public func isValid(_ record: Record) -> Bool {
        validate(record, limit: 1).isEmpty
    }

    private static func fileURI(_ path: String) -> String {
        "file://" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
    }
}
