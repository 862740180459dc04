import CodableParsing

/// One `--sort-by PATH[:desc]`.
public struct SortField: Sendable {
    /// The field sorted on.
    public var path: FieldPath
    /// Largest first.
    public var descending: Bool

    /// Creates a sort field.
    public init(path: FieldPath, descending: Bool) {
        self.path = path
        self.descending = descending
    }
}

/// A record's value at a sort (or unique) path, taken off the tape once, in `JSONValueOrder`:
/// missing and `null` < `false` < `true` < numbers (exact) < strings (code points) < arrays <
/// objects (arrays and objects by their JSON text).
enum SortKey: Comparable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(ExactNumber)
    case string([UInt8])
    case container(rank: Int, text: [UInt8])

    /// The key of the first value `path` reaches in `record`.
    init(_ path: FieldPath, in record: Record) {
        guard let index = path.firstMatch(in: record) else {
            self = .null
            return
        }
        self.init(node: index, in: record.batch)
    }

    /// The key of the first value `path` reaches in `record` as `edit` writes it: the key of
    /// the record copied with the edit (`init(_:in:)`), without the copy.
    init(_ path: FieldPath, in record: Record, edit: RecordEdit) {
        guard let index = path.firstMatch(in: record, edit: edit) else {
            self = .null
            return
        }
        let batch = record.batch
        if let replacement = edit.replacements[index] {
            self = replacement.withUnsafeBufferPointer { token in
                SortKey(scalar: TapeBuilder.kind(ofScalar: replacement), token: token) { JSONString.unescape(token) }
            }
            return
        }
        let kind = batch.nodes[index].kind
        guard kind == .array || kind == .object, !edit.isEmpty else {
            self.init(node: index, in: batch)
            return
        }
        var writer = JSONWriter()
        let out = OutputBuffer(capacity: 256)
        writer.write(Record(batch: batch, root: index), edit: edit, to: out)
        self = .container(rank: JSONValueOrder.rank(kind), text: out.withUnsafeBytes { Array($0) })
    }

    /// The key of the value at node `index`.
    private init(node index: Int, in batch: RecordBatch) {
        let node = batch.nodes[index]
        guard node.kind != .array && node.kind != .object else {
            self = .container(
                rank: JSONValueOrder.rank(node.kind), text: Array(Record(batch: batch, root: index).compactText.utf8))
            return
        }
        self = batch.bytes.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
            return SortKey(scalar: node.kind, token: node.token(in: base)) { node.stringBytes(in: base) }
        }
    }

    /// The key of a scalar of `kind` written as `token` (JSON text); `string` gives a string's
    /// content. One rule for a node's text and a replacement's.
    private init(scalar kind: JSONNode.Kind, token: UnsafeBufferPointer<UInt8>, string: () -> [UInt8]) {
        switch kind {
        case .null: self = .null
        case .true: self = .bool(true)
        case .false: self = .bool(false)
        case .number:
            self =
                (token.count <= 18 ? Self.integer(token).map(SortKey.integer) : nil)
                ?? .number(ExactNumber(text: token) ?? ExactNumber(0))
        case .string: self = .string(string())
        case .array, .object: preconditionFailure("SortKey(scalar:) takes a scalar, not \(kind.phrase)")
        }
    }

    /// A plain integer's value (up to 18 digits: fits `Int64`); nil for anything else.
    private static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        var value: Int64 = 0
        var negative = false
        for (position, byte) in text.enumerated() {
            if position == 0 && byte == UInt8(ascii: "-") {
                negative = true
                continue
            }
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    private var rank: Int {
        switch self {
        case .null: 0
        case .bool(let b): b ? 2 : 1
        case .integer, .number: 3
        case .string: 4
        case .container(let rank, _): rank
        }
    }

    static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): return a < b
        case (.integer(let a), .number(let b)): return ExactNumber(Int(a)) < b
        case (.number(let a), .integer(let b)): return a < ExactNumber(Int(b))
        case (.number(let a), .number(let b)): return a < b
        case (.string(let a), .string(let b)): return a.lexicographicallyPrecedes(b)
        case (.container(_, let a), .container(_, let b)): return a.lexicographicallyPrecedes(b)
        default: return false
        }
    }

    static func == (lhs: SortKey, rhs: SortKey) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .integer(let value): hasher.combine(ExactNumber(Int(value)))
        case .number(let value): hasher.combine(value)
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .string(let s): hasher.combine(s)
        case .container(let rank, let text):
            hasher.combine(rank)
            hasher.combine(text)
        }
    }

    /// Compares key lists field by field, each field ascending or descending.
    static func compare(_ lhs: [SortKey], _ rhs: [SortKey], _ fields: [SortField]) -> Int {
        for (position, field) in fields.enumerated() {
            let a = lhs[position]
            let b = rhs[position]
            if a < b { return field.descending ? 1 : -1 }
            if b < a { return field.descending ? -1 : 1 }
        }
        return 0
    }
}
