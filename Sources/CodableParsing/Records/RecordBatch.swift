/// Records read from one buffer of input, handed on together (an `await` per record would cost
/// more than parsing it).
///
/// The batch owns its bytes; every record's nodes point into them, so a record's numbers and
/// strings keep their exact source text, and any value can be located in the input later.
public struct RecordBatch: Sendable {
    /// What every copy of a batch shares, in one object: a `Record` (made for each record that
    /// is written, checked or decoded) copies its batch, and one reference to count, not six,
    /// keeps that copy cheap on every record of a JSON Lines conversion.
    private final class Shared: Sendable {
        let bytes: ByteStorage
        let nodes: NodeBuffer
        let roots: [Int32]
        let fromTopLevelArray: Bool
        let framing: InputFraming
        let locator: SourceLocator
        let sourceName: String?
        let itemsSegments: [ItemsSegment]
        let sourceMap: NodeSourceMap?
        let keysAreDistinct: Bool

        init(
            bytes: ByteStorage, nodes: NodeBuffer, roots: [Int32], fromTopLevelArray: Bool, framing: InputFraming,
            locator: SourceLocator, sourceName: String?, itemsSegments: [ItemsSegment], sourceMap: NodeSourceMap?,
            keysAreDistinct: Bool
        ) {
            self.keysAreDistinct = keysAreDistinct
            self.bytes = bytes
            self.nodes = nodes
            self.roots = roots
            self.fromTopLevelArray = fromTopLevelArray
            self.framing = framing
            self.locator = locator
            self.sourceName = sourceName
            self.itemsSegments = itemsSegments
            self.sourceMap = sourceMap
        }
    }

    private let shared: Shared

    /// The input bytes the records were read from.
    public var bytes: ByteStorage { shared.bytes }
    /// The nodes of all records, one run after another.
    public var nodes: NodeBuffer { shared.nodes }
    /// The index of each record's root node in `nodes`.
    public var roots: [Int32] { shared.roots }
    /// Position of this batch's first record among all records of its input (0-based).
    public private(set) var firstRecordIndex: Int
    /// The records are elements of a top-level array (as opposed to values of their own).
    public var fromTopLevelArray: Bool { shared.fromTopLevelArray }
    /// The framing the records were read with.
    public var framing: InputFraming { shared.framing }
    /// Where `bytes` starts in the input.
    public var locator: SourceLocator { shared.locator }
    /// The name of the input the bytes came from, when it is not the input the batch was read
    /// for (a page that a paged source followed to); nil otherwise.
    public var sourceName: String? { shared.sourceName }
    /// When the records are values inside an enclosing value (the items of a page envelope):
    /// that value's root node, where coding paths start.
    public private(set) var enclosingRoot: Int32? = nil
    /// The enclosing value's position among the values of its input (nil when it is the sole
    /// value of a JSON text): the `3` of `$[3].items[0]`.
    public private(set) var enclosingRecordIndex: Int? = nil
    /// When the records are the elements of arrays inside values that were not kept (the items
    /// of envelopes read as they came): where each array's records begin in the batch, in order.
    public var itemsSegments: [ItemsSegment] { shared.itemsSegments }

    /// A run of a batch's records that are elements of one array inside an envelope.
    public struct ItemsSegment: Sendable {
        /// The run's first record, as an index in the batch.
        public let firstRecord: Int
        /// The array's coding path: `$.items`, `$[2].data.items`.
        public let path: String
        /// The position of the run's first record in the array.
        public let firstItemIndex: Int
    }
    /// For batches whose bytes were synthesized from another format (YAML): each node's place
    /// in the input. Nil for JSON, whose nodes are located by their offsets into `bytes`.
    public var sourceMap: NodeSourceMap? { shared.sourceMap }
    /// No object of any record holds two equal keys: the rows of a CSV file with a header, whose
    /// names are checked distinct, and records a model decoded (`RecordDecoder.writesDistinctKeys`).
    /// The decoder then checks no dictionary's keys, and a writer of CSV takes each field as a
    /// column of its own without looking it up (when the record is flat, or no key holds a dot:
    /// `CSVWriter`).
    public var keysAreDistinct: Bool { shared.keysAreDistinct }

    /// The records were already flattened or nested as the run asks, on the thread that read
    /// them: the stage that reshapes batches passes this one on as it is.
    public var isReshaped = false

    /// The same records, said to hold no object with two equal keys (`keysAreDistinct`): for
    /// the one who made them and knows.
    public func sayingKeysAreDistinct() -> RecordBatch {
        RecordBatch(
            bytes: bytes, nodes: nodes, roots: roots, firstRecordIndex: firstRecordIndex,
            fromTopLevelArray: fromTopLevelArray,
            framing: framing, locator: locator, sourceMap: sourceMap, sourceName: sourceName,
            itemsSegments: itemsSegments,
            enclosingRoot: enclosingRoot, enclosingRecordIndex: enclosingRecordIndex, keysAreDistinct: true)
    }

    /// The same records, the first of them being record `index` of its input (for batches
    /// scanned apart from the ones before them: `JSONLinesChunk.scan(options:)`).
    public func numbered(from index: Int) -> RecordBatch {
        var batch = self
        batch.firstRecordIndex = index
        return batch
    }

    /// A batch over `bytes` and `nodes` (readers of other formats and transforms that build a
    /// new tape make their own); readers of other formats pass a `sourceMap`.
    public init(
        bytes: ByteStorage, nodes: NodeBuffer, roots: [Int32], firstRecordIndex: Int, fromTopLevelArray: Bool,
        framing: InputFraming, locator: SourceLocator, sourceMap: NodeSourceMap? = nil, keysAreDistinct: Bool = false
    ) {
        self.init(
            bytes: bytes, nodes: nodes, roots: roots, firstRecordIndex: firstRecordIndex,
            fromTopLevelArray: fromTopLevelArray,
            framing: framing, locator: locator, sourceMap: sourceMap, sourceName: nil, itemsSegments: [],
            keysAreDistinct: keysAreDistinct)
    }

    /// A batch with every property given (readers of envelopes set the last three).
    init(
        bytes: ByteStorage, nodes: NodeBuffer, roots: [Int32], firstRecordIndex: Int, fromTopLevelArray: Bool,
        framing: InputFraming, locator: SourceLocator, sourceMap: NodeSourceMap?, sourceName: String?,
        itemsSegments: [ItemsSegment], enclosingRoot: Int32? = nil, enclosingRecordIndex: Int? = nil,
        keysAreDistinct: Bool = false
    ) {
        self.shared = Shared(
            bytes: bytes, nodes: nodes, roots: roots, fromTopLevelArray: fromTopLevelArray, framing: framing,
            locator: locator, sourceName: sourceName, itemsSegments: itemsSegments, sourceMap: sourceMap,
            keysAreDistinct: keysAreDistinct)
        self.firstRecordIndex = firstRecordIndex
        self.enclosingRoot = enclosingRoot
        self.enclosingRecordIndex = enclosingRecordIndex
    }

    /// Number of records in the batch.
    public var count: Int { roots.count }

    /// The record at `index` (0-based within the batch).
    public subscript(index: Int) -> Record { Record(batch: self, root: Int(roots[index])) }

    /// The index within the batch of the record whose root node is `root` (0 when no record's
    /// is): a binary search, since readers and transforms add roots in order, then a look
    /// through every root for a batch that did not.
    public func recordIndex(ofRoot root: Int) -> Int {
        let roots = self.roots
        let wanted = Int32(truncatingIfNeeded: root)
        var low = 0
        var high = roots.count
        while low < high {
            let middle = (low + high) / 2
            if roots[middle] < wanted { low = middle + 1 } else { high = middle }
        }
        if low < roots.count && roots[low] == wanted { return low }
        return roots.firstIndex(of: wanted) ?? 0
    }

    /// The records' coding path prefix: `$[N]` for records of a stream or array, `$` for the
    /// one value of a single JSON text.
    public func codingPath(ofNode node: Int, inRecord index: Int) -> String {
        codingPaths(ofNodes: [node], inRecord: index)[0]
    }

    /// The coding paths of the nodes `nodes` of record `index`, in their order, as
    /// `codingPath(ofNode:inRecord:)` gives each, found in one walk down the record
    /// (`CodingPath.describe(nodes:in:recordIndex:)`): the many problems of one record.
    public func codingPaths(ofNodes nodes: [Int], inRecord index: Int) -> [String] {
        var cursor = PlaceCursor()
        return codingPaths(ofNodes: nodes, inRecord: index, continuing: &cursor)
    }

    /// The same, going on from where `cursor` was left by the call for the page of the record's
    /// problems before (see `PlaceCursor`).
    public func codingPaths(ofNodes nodes: [Int], inRecord index: Int, continuing cursor: inout PlaceCursor) -> [String]
    {
        if let segment = itemsSegment(ofRecord: index) {
            let item = segment.path + "[\(segment.firstItemIndex + index - segment.firstRecord)]"
            return CodingPath.describe(nodes: nodes, in: self[index], recordIndex: nil, continuing: &cursor.walk).map {
                item + $0.dropFirst()
            }
        }
        if let enclosingRoot {
            return CodingPath.describe(
                nodes: nodes, in: Record(batch: self, root: Int(enclosingRoot)), recordIndex: enclosingRecordIndex,
                continuing: &cursor.walk)
        }
        let isSoleValue = framing == .json && !fromTopLevelArray
        return CodingPath.describe(
            nodes: nodes, in: self[index], recordIndex: isSoleValue ? nil : firstRecordIndex + index,
            continuing: &cursor.walk)
    }

    /// The items segment that record `index` is in (a binary search: a batch of small envelopes
    /// has many).
    private func itemsSegment(ofRecord index: Int) -> ItemsSegment? {
        guard !itemsSegments.isEmpty else { return nil }
        var low = 0
        var high = itemsSegments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if itemsSegments[middle].firstRecord <= index { low = middle } else { high = middle - 1 }
        }
        return itemsSegments[low]
    }

    /// The location of a node's first byte in the input.
    public func location(ofNode index: Int) -> SourceLocation {
        if let sourceMap { return sourceMap.location(ofNode: index) }
        return bytes.withUnsafeBufferPointer { locator.location(of: Int(nodes[index].start), in: $0) }
    }

    /// The locations of nodes `indices` (the problems found in the batch), in the order given:
    /// counted in one pass over the input, not each from the start of the batch's buffer.
    public func locations(ofNodes indices: [Int]) -> [SourceLocation] {
        var cursor = PlaceCursor()
        return locations(ofNodes: indices, continuing: &cursor)
    }

    /// The same, counted on from where `cursor` was left by the call for the page of a record's
    /// problems before, for nodes after the ones it placed (see `PlaceCursor`).
    public func locations(ofNodes indices: [Int], continuing cursor: inout PlaceCursor) -> [SourceLocation] {
        let (text, locator) = locatedText
        let sourceMap = self.sourceMap
        var previous = cursor.sourceNode  // nodes in order step on from the one before
        let offsets = indices.map { index in
            guard let sourceMap else { return Int(nodes[index].start) }
            previous = sourceMap.offset(ofNode: index, after: previous)
            return previous!.textOffset
        }
        cursor.sourceNode = previous
        return text.withUnsafeBufferPointer { locator.locations(of: offsets, in: $0, continuing: &cursor.located) }
    }

    /// The text nodes are located in (the input text a source map keeps, or the batch's own
    /// bytes) and where it starts in the input.
    var locatedText: (text: ByteStorage, locator: SourceLocator) {
        sourceMap.map { ($0.text, $0.locator) } ?? (bytes, locator)
    }

    /// The source line of a node, for showing with a caret.
    public func excerpt(ofNode index: Int) -> SourceExcerpt {
        if let sourceMap { return sourceMap.excerpt(ofNode: index) }
        return bytes.withUnsafeBufferPointer { locator.excerpt(at: Int(nodes[index].start), in: $0) }
    }
}

extension RecordBatch {
    /// The elements of the array at node `array`, inside record `index` of this batch, as a batch
    /// of records of their own. The bytes and nodes are shared, so locations still point into
    /// this batch's input, and coding paths still start at the enclosing record
    /// (`$.items[3].owner`).
    ///
    /// - Parameters:
    ///   - firstRecordIndex: the position of the first element among all records read so far.
    ///   - sourceName: the name of the input the bytes came from, for diagnostics.
    public func elements(ofArray array: Int, inRecord index: Int, firstRecordIndex: Int, sourceName: String?)
        -> RecordBatch
    {
        let roots = nodes.children(of: array).map { Int32($0) }
        let isSoleValue = framing == .json && !fromTopLevelArray
        return RecordBatch(
            bytes: bytes, nodes: nodes, roots: roots, firstRecordIndex: firstRecordIndex,
            fromTopLevelArray: true, framing: framing, locator: locator, sourceMap: sourceMap, sourceName: sourceName,
            itemsSegments: [], enclosingRoot: self.roots[index],
            enclosingRecordIndex: isSoleValue ? nil : self.firstRecordIndex + index)
    }
}

/// One record: a value on its batch's tape.
public struct Record: Sendable {
    /// The batch holding the record's bytes and nodes.
    public let batch: RecordBatch
    /// Index of the record's root node.
    public let root: Int

    /// The value rooted at node `root` of `batch` (a record, or any value inside one).
    public init(batch: RecordBatch, root: Int) {
        self.batch = batch
        self.root = root
    }

    /// The value as compact JSON text: a scalar's token as it is in the batch (a number keeps
    /// its text, a string its escapes), an object or array written compactly from its nodes.
    /// Not sliced out of the bytes for a container: a tape a transform rebuilt points into its
    /// source's bytes around the members it dropped, and keeps new text after them, and a
    /// batch read from CSV or YAML holds JSON its reader made.
    public var compactText: String {
        let node = batch.nodes[root]
        guard node.kind == .array || node.kind == .object else {
            return batch.bytes.withUnsafeBufferPointer {
                String(decoding: node.token(in: $0.baseAddress!), as: UTF8.self)
            }
        }
        var writer = JSONWriter()
        let out = OutputBuffer(capacity: 256)
        writer.write(self, to: out)
        return out.text
    }
}

/// Where placing one record's problems got to: the next page of them, at later nodes (they come
/// in document order), is located and given coding paths on from there, not from the batch's
/// start and the record's root (a record of many pages of problems is then walked once, not
/// once a page).
/// Nodes before the ones placed are still placed right, counted from the start.
public struct PlaceCursor: Sendable {
    /// The walk down the record the last coding paths were found by.
    var walk: CodingPath.Walk?
    /// The last text offset located, and its location.
    var located: (offset: Int, location: SourceLocation)?
    /// The last node a source map stepped to.
    var sourceNode: NodeInputOffset?

    /// A cursor at the start.
    public init() {}
}
