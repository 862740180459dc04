import CodableModels
import CodableParsing

/// Decodes records into a model exactly as `JSONDecoder` would with the synthesized `Codable`
/// conformances, and writes each decoded value as `JSONEncoder` would: properties in
/// declaration order (or sorted), unknown keys dropped, nil optionals left out, numbers, dates,
/// UUIDs and data re-encoded.
///
/// Works on the record's tape and writes straight into an `OutputBuffer`: no value tree is
/// built. Not thread-safe (it reuses scratch space); use one per task.
public final class RecordDecoder {
    /// The options in force.
    public let options: DecodingOptions
    /// The type each record decodes as.
    public let root: TypeReference
    private let plan: DecodePlan
    private var storedWalker: Walker?

    /// Compiles `root` against `models`. Throws when a type it reaches is missing from the
    /// model, or takes other generic arguments. (A type whose conformance cannot be read from
    /// source is reported when a record reaches it.)
    public init(models: ModelSet, root: TypeReference, options: DecodingOptions = DecodingOptions()) throws(ModelProblem) {
        self.options = options
        self.root = root
        let plan = try DecodePlan(models: models, root: root)
        self.plan = plan
        let table = plan.table!
        let placeholder = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        defer { placeholder.deallocate() }
        self.storedWalker = Walker(
            plan: plan, planNodes: table.nodes, structures: table.structures, members: table.members,
            planBytes: table.bytes, options: options, nodes: .empty,
            bytes: placeholder, pretty: options.writer.pretty, sortKeys: options.writer.sortKeys,
            snakeCase: options.keys == .convertFromSnakeCase, out: OutputBuffer(capacity: 64).beginAppending(),
            scratch: WalkerScratch(jsonWriter: JSONWriter(options: options.writer)), problems: nil, limit: .max)
    }

    /// No object this decoder writes holds two equal keys (`RecordBatch.keysAreDistinct`): true
    /// unless the model has a value written as it came (`JSONValue`-like types) or members that
    /// share a key.
    public var writesDistinctKeys: Bool { plan.writesDistinctKeys }

    /// Decodes `record` and appends its re-encoded value (inner lines indented `level` extra
    /// levels when pretty). On failure nothing is appended.
    public func decode(_ record: Record, level: Int = 0, to output: OutputBuffer) throws(RecordDecodingError) {
        let start = output.count
        output.markRecordStart()
        do {
            _ = try walk(record, level: level, output: output, problems: nil, limit: .max)
        } catch {
            output.truncate(toCount: start)
            switch error {
            case .failure(let failure): throw .data(failure)
            case .model(let problem): throw .model(problem)
            case .limitReached: return
            }
        }
    }

    /// Every problem in `record`, in document order, up to `limit`: the walk goes on after a
    /// property or element fails (a failing value's own contents are not looked at further, as
    /// `JSONDecoder` would have stopped there). Empty when the record decodes.
    public func problems(in record: Record, limit: Int = .max) throws(ModelProblem) -> [DecodingFailure] {
        guard limit > 0 else { return [] }
        let output = OutputBuffer(capacity: 256)
        var found: [DecodingFailure]
        do {
            found = try walk(record, level: 0, output: output, problems: [], limit: limit) ?? []
        } catch {
            switch error {
            case .failure(let failure): found = collected + [failure]
            case .model(let problem): throw problem
            case .limitReached: found = collected
            }
        }
        collected = []
        let ordered = found.enumerated().sorted { ($0.element.node, $0.offset) < ($1.element.node, $1.offset) }
        return ordered.map(\.element)
    }

    deinit {
        storedWalker?.scratch.path.deallocate()
    }

    /// Problems gathered by a walk that ended by throwing.
    private var collected: [DecodingFailure] = []

    private func walk(_ record: Record, level: Int, output: OutputBuffer, problems: [DecodingFailure]?, limit: Int) throws(WalkStop) -> [DecodingFailure]? {
        // The walker is moved out and back (not copied), so its references are not retained
        // and released for every record.
        var walker = storedWalker.take()!
        defer { storedWalker = walker }
        walker.scratch.path.removeAll()
        walker.scratch.segments.removeAll(keepingCapacity: true)
        walker.problems = problems
        walker.limit = limit
        walker.keysAreDistinct = record.batch.keysAreDistinct
        walker.out = output.beginAppending()
        defer { output.endAppending(walker.out) }
        let root = plan.root
        let result: Result<[DecodingFailure]?, WalkStop> = record.batch.bytes.withUnsafeBufferPointer { bytes in
            record.batch.nodes.withNodes { nodes in
                walker.nodes = nodes
                walker.bytes = bytes.baseAddress!
                do throws(WalkStop) {
                    try walker.value(root, record.root, level: level)
                    return .success(walker.problems)
                } catch {
                    self.collected = walker.problems ?? []
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }
}
