/// One entry of a parsed record's tape: a scalar, a string, or the head of a container.
///
/// A record is a run of nodes in document order (a container's children follow it, an object's
/// members as key node then value node). Nodes point into the batch's bytes instead of copying
/// them, so numbers and strings keep their exact source text and their source offsets.
public struct JSONNode: Sendable, Equatable {
    /// What a node holds.
    public enum Kind: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
    }

    /// Byte offset of the token's first byte in the batch's bytes.
    public var start: UInt32
    /// The kind (bits 0-2), the flags (bits 3-4) and the extent (bits 5-31): a container's size,
    /// or a scalar's token length, up to `longToken`. Eight bytes a node as a value, and a
    /// `NodeBuffer` keeps most nodes in four (`CompactNode`), for records made of very many small
    /// values; a container's member count is not kept, but counted from its children
    /// (`memberCount(of:in:)`) where it is needed.
    @usableFromInline var packed: UInt32

    /// The most values one record can hold (every key, value, array and object counts one): a
    /// container's size has 27 bits, and a size never exceeds its record's values.
    public static let maxValues = (1 << 27) - 1

    /// The longest number (in bytes) a node holds: a number's end is not found from its bytes.
    public static let maxNumberLength = Int(longToken) - 1

    /// A scalar's extent when its token is this long or longer: a string that long has its length
    /// found from its bytes, by its closing quote (strings may be 512 MiB; 27 bits hold 128).
    @usableFromInline static let longToken: UInt32 = (1 << 27) - 1

    /// The node's kind.
    @inlinable
    public var kind: Kind {
        get { unsafeBitCast(UInt8(truncatingIfNeeded: packed & 7), to: Kind.self) }
        set { packed = packed & ~7 | UInt32(newValue.rawValue) }
    }

    /// For strings: bit 0, the raw text has a backslash escape; bit 1, one of them is not the
    /// shortest form (`\/` or a `\u` escape), so writing must re-escape the string.
    @inlinable
    public var flags: UInt8 {
        get { UInt8(truncatingIfNeeded: (packed >> 3) & 3) }
        set { packed = packed & ~0x18 | (UInt32(newValue & 3) << 3) }
    }

    /// Containers: how many nodes follow as the container's contents (its whole subtree). At
    /// most `maxValues`: whoever builds a tape refuses a record with more values.
    @inlinable
    public var size: Int {
        get { Int(packed >> 5) }
        set { packed = packed & 0x1F | (UInt32(truncatingIfNeeded: newValue) << 5) }
    }

    /// A node (transforms that build a new tape make their own). `length`: a scalar's token
    /// length in bytes (strings include both quotes; a number at most `maxNumberLength`), a
    /// container's size.
    @inlinable
    public init(kind: Kind, flags: UInt8 = 0, start: Int, length: Int) {
        self.start = UInt32(truncatingIfNeeded: start)
        let extent =
            kind == .array || kind == .object
            ? UInt32(truncatingIfNeeded: length) : UInt32(min(length, Int(Self.longToken)))
        self.packed = UInt32(kind.rawValue) | (UInt32(flags & 3) << 3) | (extent << 5)
    }

    /// A node from its two words, as a `NodeBuffer` keeps them.
    @usableFromInline @inline(__always)
    init(start: UInt32, packed: UInt32) {
        self.start = start
        self.packed = packed
    }

    /// The length in bytes of a string's, number's or literal's raw token (strings with their
    /// quotes), given the start of the bytes the node points into.
    @inline(__always)
    public func tokenLength(in bytes: UnsafePointer<UInt8>) -> Int {
        let extent = packed >> 5
        return extent != Self.longToken ? Int(extent) : longStringLength(in: bytes)
    }

    /// A string of `longToken` bytes or more: up to its closing quote (the tape holds only valid
    /// JSON strings, whose quotes inside are escaped).
    @usableFromInline
    func longStringLength(in bytes: UnsafePointer<UInt8>) -> Int {
        precondition(kind == .string, "only a string's token is longer than a node holds")
        let first = bytes + Int(start)
        var offset = 1
        while first[offset] != UInt8(ascii: "\"") {
            offset += first[offset] == UInt8(ascii: "\\") ? 2 : 1
        }
        return offset + 1
    }

    /// The raw token of a string, number or literal (strings with their quotes), given the
    /// start of the bytes the node points into.
    @inline(__always)
    public func token(in bytes: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + Int(start), count: tokenLength(in: bytes))
    }

    /// The number of members (objects) or elements (arrays) of the container at `index`, counted
    /// by stepping over its children; 0 for a scalar or a string.
    @inlinable
    public static func memberCount<Nodes: JSONNodeSource>(of index: Int, in nodes: Nodes) -> Int {
        var count = 0
        for _ in children(of: index, in: nodes) { count += 1 }
        return count
    }

    /// The children of the container at `index`: see `JSONNodeChildren`.
    @inlinable
    public static func children<Nodes: JSONNodeSource>(of index: Int, in nodes: Nodes) -> JSONNodeChildren<Nodes> {
        JSONNodeChildren(of: index, in: nodes)
    }

    /// A string whose raw text holds backslash escapes.
    public var hasEscapes: Bool { flags & 1 != 0 }

    /// A string whose raw text holds escapes that the writer does not write (`\/`, `\u`).
    public var needsNormalizing: Bool { flags & 2 != 0 }

    /// A string node's content as UTF-8, escapes resolved.
    public func stringBytes(in bytes: UnsafePointer<UInt8>) -> [UInt8] {
        let token = token(in: bytes)
        return hasEscapes
            ? JSONString.unescape(token) : Array(UnsafeBufferPointer(rebasing: token[1..<(token.count - 1)]))
    }

    /// Calls `body` with this string node's content as UTF-8, escapes resolved: the token's bytes
    /// inside its quotes, in place, when it has no escapes (most keys), else an unescaped copy.
    @inlinable
    public func withStringBytes<Result, Failure: Error>(
        in bytes: UnsafePointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard flags & 1 == 0 else {
            return try stringBytes(in: bytes).withUnsafeBufferPointer { (content) throws(Failure) in try body(content) }
        }
        return try body(UnsafeBufferPointer(start: bytes + Int(start) + 1, count: tokenLength(in: bytes) - 2))
    }

    /// Whether this string node's content, escapes resolved, is `name` (a key lookup: most keys
    /// are short and unescaped, so they are compared in place, byte by byte, with no call).
    @inlinable
    public func spells(_ name: [UInt8], in bytes: UnsafePointer<UInt8>) -> Bool {
        guard flags & 1 == 0 else { return stringBytes(in: bytes) == name }
        guard tokenLength(in: bytes) - 2 == name.count else { return false }
        let content = bytes + Int(start) + 1
        return name.withUnsafeBufferPointer { name in
            for index in 0..<name.count where content[index] != name[index] { return false }
            return true
        }
    }

    /// A string node's content, escapes resolved.
    public func stringValue(in bytes: UnsafePointer<UInt8>) -> String {
        let token = token(in: bytes)
        return hasEscapes
            ? JSONString.decode(token)
            : String(decoding: UnsafeBufferPointer(rebasing: token[1..<(token.count - 1)]), as: UTF8.self)
    }

    /// The number of nodes this value occupies on the tape, itself included.
    @inlinable
    public var span: Int {
        kind == .array || kind == .object ? size + 1 : 1
    }
}

extension JSONNode.Kind {
    /// The kind as a message names it: "a string", "an object", "null".
    public var phrase: String {
        switch self {
        case .null: return "null"
        case .false, .true: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// Where nodes are read from: a `NodeTape` (a batch's nodes, read-only), or a `NodeBuffer`.
public protocol JSONNodeSource {
    /// The node at `index`.
    func node(at index: Int) -> JSONNode
}

/// The children of a container, in order, as node indices: each element of an array, each key
/// of an object (its value is the node after the key); none for a scalar or a string. Each step
/// goes over one child's subtree; nothing is counted first.
public struct JSONNodeChildren<Nodes: JSONNodeSource>: Sequence, IteratorProtocol {
    @usableFromInline let nodes: Nodes
    @usableFromInline var position: Int
    @usableFromInline let end: Int
    @usableFromInline let isObject: Bool

    @inlinable
    init(of index: Int, in nodes: Nodes) {
        let container = nodes.node(at: index)
        self.nodes = nodes
        isObject = container.kind == .object
        position = index + 1
        end = isObject || container.kind == .array ? position + container.size : position
    }

    /// The next child's node index.
    @inlinable
    public mutating func next() -> Int? {
        guard position < end else { return nil }
        let child = position
        position += isObject ? 1 + nodes.node(at: child + 1).span : nodes.node(at: child).span
        return child
    }
}
