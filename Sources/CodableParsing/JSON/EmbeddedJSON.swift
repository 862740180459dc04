/// JSON text held in a string value (a CSV cell such as `[1,2]` or `{"a":1}`), scanned into
/// nodes of its own: what nesting keys back makes of such a cell, whether the record is rebuilt
/// (`TapeBuilder.parsedValue`) or nested as it is written (`UnflattenedOrder.parsesJSONText`).
public struct EmbeddedJSON {
    /// The nodes of the text scanned last (reused from one cell to the next; let go after a
    /// huge one, so that it is not held on to).
    public private(set) var nodes = NodeBuffer(capacity: 64)

    public init() {}

    /// Whether `node` is a string whose text starts like a JSON array or object (`"[…"`,
    /// `"{…"`, 4 bytes at least as written): a value to try to scan.
    @inlinable
    public static func mayHold(_ node: JSONNode, in bytes: UnsafePointer<UInt8>) -> Bool {
        guard node.kind == .string, node.tokenLength(in: bytes) >= 4 else { return false }
        let first = bytes[Int(node.start) + 1]
        return first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
    }

    /// Scans `text` into `nodes`; false when it is not exactly one JSON value (whitespace
    /// around it aside).
    public mutating func scan(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if nodes.count > 1 << 16 { nodes = NodeBuffer(capacity: 64) }
        nodes.truncate(to: 0)
        guard let base = text.baseAddress else { return false }
        var scanner = JSONScanner()
        do {
            let end = try scanner.scanValue(in: base, from: 0, end: text.count, isFinal: true, into: nodes)
            return scanner.skipWhitespace(base, from: end, end: text.count) == text.count
        } catch {
            return false
        }
    }

    /// Calls `body` with the text the string node `value` holds, scanned (its root is node 0,
    /// and its nodes point into the text `body` is given), when it is exactly one JSON array or
    /// object (`mayHold`); returns false, without calling it, when it is not.
    public mutating func withParsed(
        _ value: JSONNode, in bytes: UnsafePointer<UInt8>,
        _ body: (_ nodes: NodeTape, _ text: UnsafePointer<UInt8>) -> Void
    ) -> Bool {
        guard Self.mayHold(value, in: bytes) else { return false }
        return value.withStringBytes(in: bytes) { text in
            guard scan(text) else { return false }
            nodes.withNodes { body($0, text.baseAddress!) }
            return true
        }
    }
}
