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
    /// The walker, kept at a fixed address and walked in place: moved out and back for every
    /// record, its few hundred bytes were copied twice a record.
    private let walker: UnsafeMutablePointer<Walker>

    /// Compiles `root` against `models`. Throws when a type it reaches is missing from the
    /// model, or takes other generic arguments. (A type whose conformance cannot be read from
    /// source is reported when a record reaches it.)
    public init(models: ModelSet, root: TypeReference, options: DecodingOptions = DecodingOptions())
        throws(ModelProblem)
    {
        self.options = options
        self.root = root
        let plan = try DecodePlan(models: models, root: root)
        self.plan = plan
        let table = plan.table!
        let placeholder = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        defer { placeholder.deallocate() }
        walker = .allocate(capacity: 1)
        walker.initialize(
            to: Walker(
                plan: plan, planNodes: table.nodes, structures: table.structures, members: table.members,
                planBytes: table.bytes, options: options, nodes: .empty,
                bytes: placeholder, pretty: options.writer.pretty, sortKeys: options.writer.sortKeys,
                snakeCase: options.keys == .convertFromSnakeCase, out: OutputBuffer(capacity: 64).beginAppending(),
                scratch: WalkerScratch(jsonWriter: JSONWriter(options: options.writer)), collector: nil, limit: .max))
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
            try walk(record, level: level, output: output, collector: nil, limit: .max)
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
        var found: [DecodingFailure] = []
        try problems(in: record, limit: limit) { found.append($0) }
        return found.inDocumentOrder(node: \.node)
    }

    /// Hands `each` the problems of `record`, up to `limit`, one at a time as the walk finds
    /// them: in walk order, which is not document order (sort them stably by `node` for that).
    /// For a record with more problems than fit in memory.
    public func problems(in record: Record, limit: Int, each: (DecodingFailure) -> Void) throws(ModelProblem) {
        guard limit > 0 else { return }
        let output = OutputBuffer(capacity: 256)
        let stop: WalkStop? = withoutActuallyEscaping(each) { collector in
            do throws(WalkStop) {
                try walk(record, level: 0, output: output, collector: collector, limit: limit)
                return nil
            } catch {
                return error
            }
        }
        switch stop {
        case .failure(let failure)?: each(failure)
        case .model(let problem)?: throw problem
        case .limitReached?, nil: break
        }
    }

    deinit {
        walker.pointee.scratch.path.deallocate()
        walker.deinitialize(count: 1)
        walker.deallocate()
    }

    private func walk(
        _ record: Record, level: Int, output: OutputBuffer, collector: ((DecodingFailure) -> Void)?, limit: Int
    ) throws(WalkStop) {
        // The walker is used where it stands (not copied), so its references are not retained
        // and released for every record.
        let walker = self.walker
        defer { walker.pointee.collector = nil }  // lent for this walk only (it must not escape)
        walker.pointee.scratch.path.removeAll()
        walker.pointee.scratch.segments.removeAll(keepingCapacity: true)
        walker.pointee.collector = collector
        walker.pointee.collected = 0
        walker.pointee.limit = limit
        walker.pointee.keysAreDistinct = record.batch.keysAreDistinct
        walker.pointee.out = output.beginAppending()
        defer { output.endAppending(walker.pointee.out) }
        let root = plan.root
        let result: Result<Void, WalkStop> = record.batch.bytes.withUnsafeBufferPointer { bytes in
            record.batch.nodes.withNodes { nodes in
                walker.pointee.nodes = nodes
                walker.pointee.bytes = bytes.baseAddress!
                do throws(WalkStop) {
                    try walker.pointee.value(root, record.root, level: level)
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
        }
        try result.get()
    }
}
