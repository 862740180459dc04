import CodableParsing
import CodableYAML
import Foundation

/// A config file parsed as YAML (JSON too), with the lookups `ValidationConfig` needs and the
/// places its errors point at.
struct ConfigDocument {
    let path: String
    let batch: RecordBatch
    let root: Int

    init(path: String) throws(CommandFailure) {
        self.path = path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableModel(place: path, reason: "cannot read \(ValidationConfig.fileName)")
        }
        var options = YAMLReaderOptions()
        options.sequenceItemsAreRecords = false
        let reader = YAMLRecordReader(source: InMemoryByteSource(Array(data)), options: options)
        let first: RecordBatch?
        do throws(RecordReadError) {
            first = try reader.nextBatch()
        } catch {
            switch error {
            case .malformed(let reason, let location, _), .skippedRecord(let reason, let location, _):
                throw .invalidDefinition(
                    place: "\(path):\(location.line):\(location.column)", message: reason.printedMessage, detail: nil)
            case .unreadable(let cause):
                throw .unreadableModel(place: path, reason: "\(cause)")
            case .invalidEnvelope(let message, _, let location, _):
                throw .invalidDefinition(
                    place: "\(path):\(location.line):\(location.column)", message: message, detail: nil)
            }
        }
        guard let first, first.count >= 1 else {
            throw .invalidDefinition(
                place: "\(path):1:1", message: "the file is empty; expected a 'validate' list", detail: nil)
        }
        batch = first
        root = Int(first.roots[0])
    }

    func kind(_ node: Int) -> JSONNode.Kind { batch.nodes[node].kind }

    func location(of node: Int) -> SourceLocation { batch.location(ofNode: node) }

    /// A usage error (status 2) at `node`.
    func error(at node: Int, _ message: String) -> CommandFailure {
        let location = location(of: node)
        return .invalidDefinition(place: "\(path):\(location.line):\(location.column)", message: message, detail: nil)
    }

    /// An object's members as (key, key node, value node), in order.
    func members(_ object: Int) -> [(key: String, keyNode: Int, value: Int)] {
        batch.nodes.children(of: object).map { key in (batch.string(at: key), key, key + 1) }
    }

    /// An array's elements.
    func elements(_ array: Int) -> [Int] { Array(batch.nodes.children(of: array)) }

    /// A string (or a number or boolean, as their text: `type: 2` is no type, but `dates:
    /// iso8601` and `keys: snake_case` come as strings anyway).
    func string(_ node: Int, _ key: String) throws(CommandFailure) -> String {
        switch kind(node) {
        case .string: return batch.string(at: node)
        case .number:
            return batch.bytes.withUnsafeBufferPointer {
                String(decoding: batch.nodes[node].token(in: $0.baseAddress!), as: UTF8.self)
            }
        default: throw error(at: node, "'\(key)' is a string")
        }
    }

    /// A string or a list of strings.
    func strings(_ node: Int, _ key: String) throws(CommandFailure) -> [String] {
        guard kind(node) == .array else { return [try string(node, key)] }
        var values: [String] = []
        for element in elements(node) { values.append(try string(element, key)) }
        return values
    }

    func bool(_ node: Int) -> Bool? {
        switch kind(node) {
        case .true: true
        case .false: false
        default: nil
        }
    }
}
