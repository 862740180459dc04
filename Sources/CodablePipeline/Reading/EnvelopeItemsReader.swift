import CodableParsing

/// The records of envelopes that another reader reads whole (`--items` on YAML documents): the
/// elements of the array at `items` in each value, handed on as records, in order; a value
/// without that array is an error at its place, after the records before it.
public final class EnvelopeItemsReader: RecordBatchReader {
    private let base: any RecordBatchReader
    private let items: FieldPath
    /// Batches of elements not handed on yet.
    private var ready: [RecordBatch] = []
    private var pendingError: RecordReadError?
    private var recordsRead = 0
    private var valuesRead = 0

    /// Takes the records at `items` from the values `base` reads.
    public init(_ base: any RecordBatchReader, items: FieldPath) {
        self.base = base
        self.items = items
    }

    public func nextBatch() throws(RecordReadError) -> RecordBatch? {
        while true {
            if !ready.isEmpty { return ready.removeFirst() }
            if let error = pendingError {
                pendingError = nil
                throw error
            }
            guard let batch = try base.nextBatch() else {
                guard valuesRead == 0 else { return nil }
                valuesRead = -1  // reported once
                throw .invalidEnvelope(
                    message: ItemsMessage.noValue(path: "\(items)"), codingPath: "$",
                    .start, .empty)
            }
            values: for index in 0..<batch.count {
                valuesRead += 1
                switch items.itemsArray(in: batch, record: index) {
                case .success(let array):
                    let elements = batch.elements(
                        ofArray: array, inRecord: index, firstRecordIndex: recordsRead, sourceName: nil)
                    recordsRead += elements.count
                    if elements.count > 0 { ready.append(elements) }
                case .failure(let problem):
                    pendingError = .invalidEnvelope(
                        message: problem.message, codingPath: batch.codingPath(ofNode: problem.node, inRecord: index),
                        batch.location(ofNode: problem.node), batch.excerpt(ofNode: problem.node))
                    break values  // the records before it go out first
                }
            }
        }
    }
}

/// Why a value has no array of records at an `--items` path: the message, and the node to
/// point at (the value itself, or what is there instead of an array).
struct ItemsArrayProblem: Error {
    let message: String
    let node: Int
}

extension FieldPath {
    /// The node of the array this path (`--items`) names in record `index` of `batch`.
    func itemsArray(in batch: RecordBatch, record index: Int) -> Result<Int, ItemsArrayProblem> {
        let record = batch[index]
        guard let node = matches(in: record).first else {
            return .failure(ItemsArrayProblem(message: ItemsMessage.noArray(path: "\(self)"), node: record.root))
        }
        let kind = batch.nodes[node].kind
        guard kind == .array else {
            return .failure(
                ItemsArrayProblem(message: ItemsMessage.notAnArray(path: "\(self)", found: kind), node: node))
        }
        return .success(node)
    }
}
