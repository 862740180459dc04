/// Locates nodes of one batch one after another (the records of a batch that fail to decode, in
/// order): each is counted on from the one located before it when it lies later in the input,
/// not from the start of the batch's buffer, so that the line breaks of a batch of many failing
/// records are counted once, not once a record.
public struct BatchLocationCursor {
    /// The batch whose nodes are located.
    public let batch: RecordBatch
    /// The last node's place in the text it was located in, and its location.
    private var previous: (offset: Int, location: SourceLocation)?
    /// The last node's place in the input, when the batch has a source map.
    private var previousNode: NodeInputOffset?

    /// A cursor at the start of `batch`.
    public init(_ batch: RecordBatch) {
        self.batch = batch
    }

    /// The location of node `index` of the batch (the same as `RecordBatch.location(ofNode:)`).
    public mutating func location(ofNode index: Int) -> SourceLocation {
        let (text, locator) = batch.locatedText
        let offset: Int
        if let sourceMap = batch.sourceMap {
            let node = sourceMap.offset(ofNode: index, after: previousNode)
            previousNode = node
            offset = node.textOffset
        } else {
            offset = Int(batch.nodes[index].start)
        }
        let location = text.withUnsafeBufferPointer { locator.location(of: offset, in: $0, after: previous) }
        previous = (location.offset - locator.baseOffset, location)
        return location
    }
}
