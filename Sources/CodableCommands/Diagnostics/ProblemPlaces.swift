import CodableParsing

/// Where a problem with a record that reaches the transforms or a writer is reported: in the
/// record's own batch (`convert`), or, for a record `decode` made, at the input record it was
/// decoded from, with the decoded value's coding path after that record's (`DecodeStage`). A
/// decoded record of an earlier batch (one `--sort-by` kept) is placed in the decoded text, as
/// its input record is no longer known.
struct ProblemPlaces {
    /// `decode`'s first step, which knows each decoded record's input record.
    var decodeStage: DecodeStage? = nil

    /// The failure `message` about node `node` of `record`, read from `file`.
    func failure(_ message: String, in record: Record, at node: Int, file: InputFile) -> CommandFailure {
        let batch = record.batch
        let index = batch.recordIndex(ofRoot: record.root)
        if let decodeStage, let origin = decodeStage.origin(of: index, in: batch) {
            return .invalidValue(
                input: origin.input ?? file.displayName, message: message,
                codingPath: origin.codingPath + Self.pathsInside(record, to: [node], index: index)[0],
                location: origin.location, excerpt: origin.excerpt)
        }
        return .invalidValue(
            input: batch.sourceName ?? file.displayName, message: message,
            codingPath: batch.codingPath(ofNode: node, inRecord: index),
            location: batch.location(ofNode: node), excerpt: batch.excerpt(ofNode: node))
    }

    /// The coding path of node `node` of `record`: for a decoded record, its input record's path
    /// followed by the node's path inside the decoded value.
    func codingPath(ofNode node: Int, in record: Record) -> String {
        codingPaths(ofNodes: [node], in: record)[0]
    }

    /// The coding paths of nodes `nodes` of `record`, as `codingPath(ofNode:in:)` gives each,
    /// found in one walk down the record, not each walked to from the record's root: a record
    /// with many fields that are not columns would be walked again for each of them.
    func codingPaths(ofNodes nodes: [Int], in record: Record) -> [String] {
        let batch = record.batch
        let index = batch.recordIndex(ofRoot: record.root)
        if let decodeStage, let origin = decodeStage.origin(of: index, in: batch) {
            return Self.pathsInside(record, to: nodes, index: index).map { origin.codingPath + $0 }
        }
        return batch.codingPaths(ofNodes: nodes, inRecord: index)
    }

    /// The coding paths of `nodes` inside `record` (record `index` of its batch), without the
    /// record's own: `.owner.email`, `[3]`, or nothing for the record itself.
    private static func pathsInside(_ record: Record, to nodes: [Int], index: Int) -> [Substring] {
        let paths = record.batch.codingPaths(ofNodes: [record.root] + nodes, inRecord: index)
        return paths.dropFirst().map { $0.dropFirst(paths[0].count) }
    }
}
