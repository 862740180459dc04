import CodableDates
import CodableParsing

/// Which date strategy reads a field that `--where` compares as a date: the `--date` rule for
/// its path, else the default (`--dates`, else `auto`).
public struct WhereDates: Sendable {
    /// Per-path strategies.
    public var rules: [DateRewriter.Rule]
    /// Everything else.
    public var fallback: DateCodec

    /// Creates the settings.
    public init(rules: [DateRewriter.Rule] = [], fallback: DateCodec = DateCodec(.auto)) {
        self.rules = rules
        self.fallback = fallback
    }

    func codec(for path: FieldPath?) -> DateCodec {
        guard let path else { return fallback }
        return rules.first { $0.path == path }?.input ?? fallback
    }
}

/// Evaluates a `--where` expression on a record's tape (nothing is decoded that the
/// expression does not look at).
struct ExpressionEvaluator {
    let dates: WhereDates

    /// A value during evaluation.
    private enum Value {
        case missing
        case node(Int, path: FieldPath?)
        case literal(Expression.Literal)
        case count(Int)
        case instant(Double)
    }

    /// Whether the record passes.
    func test(_ expression: Expression, on record: Record) throws(RecordFailure) -> Bool {
        try truth(expression, record)
    }

    private func truth(_ expression: Expression, _ record: Record) throws(RecordFailure) -> Bool {
        switch expression {
        case .and(let l, let r):
            guard try truth(l, record) else { return false }
            return try truth(r, record)
        case .or(let l, let r):
            if try truth(l, record) { return true }
            return try truth(r, record)
        case .not(let inner): return try !truth(inner, record)
        case .compare(let comparison, let l, let r, let column):
            return try compare(comparison, value(l, record), value(r, record), record, column: column)
        case .contains(let l, let r):
            return contains(try value(l, record), try value(r, record), record)
        case .startsWith(let l, let r):
            guard let string = bytes(try value(l, record), record), let prefix = bytes(try value(r, record), record)
            else { return false }
            return string.starts(with: prefix)
        case .matches(let l, let regex):
            guard let string = bytes(try value(l, record), record) else { return false }
            return String(decoding: string, as: UTF8.self).contains(regex)
        case .exists(let path):
            return firstMatch(path, record) != nil
        case .literal, .path, .length, .date:
            switch try value(expression, record) {
            case .missing, .literal(.null), .literal(.bool(false)): return false
            case .node(let index, _):
                let kind = record.batch.nodes[index].kind
                return kind != .null && kind != .false
            default: return true
            }
        }
    }

    private func value(_ expression: Expression, _ record: Record) throws(RecordFailure) -> Value {
        switch expression {
        case .literal(let literal): return .literal(literal)
        case .path(let path): return firstMatch(path, record).map { .node($0, path: path) } ?? .missing
        case .length(let inner):
            switch try value(inner, record) {
            case .missing, .literal(.null): return .count(0)
            case .literal(.string(let text)): return .count(String(decoding: text, as: UTF8.self).unicodeScalars.count)
            case .node(let index, _):
                let node = record.batch.nodes[index]
                switch node.kind {
                case .array, .object: return .count(record.batch.nodes.memberCount(of: index))
                case .string:
                    return .count(
                        String(decoding: JSONValueOrder.stringBytes(index, in: record.batch), as: UTF8.self)
                            .unicodeScalars.count)
                case .null: return .count(0)
                default: return .missing
                }
            default: return .missing
            }
        case .date(let inner, let column):
            return try instant(value(inner, record), record, column: column).map { .instant($0) } ?? .missing
        default:
            return .literal(.bool(try truth(expression, record)))
        }
    }

    // MARK: Comparisons

    private func compare(_ comparison: Expression.Comparison, _ l: Value, _ r: Value, _ record: Record, column: Int)
        throws(RecordFailure) -> Bool
    {
        let order: Int?
        if isDate(l) || isDate(r) {
            guard let left = try instant(l, record, column: column), let right = try instant(r, record, column: column)
            else {
                return comparison == .notEqual
            }
            order = JSONValueOrder.order(left, right)
        } else {
            order = self.order(l, r, record)
        }
        guard let order else { return comparison == .notEqual }
        switch comparison {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        }
    }

    /// The order of two values of the same kind; nil when their kinds differ (then only `!=` holds).
    private func order(_ l: Value, _ r: Value, _ record: Record) -> Int? {
        if case .node(let a, _) = l, case .node(let b, _) = r {
            let left = record.batch.nodes[a].kind
            let right = record.batch.nodes[b].kind
            guard JSONValueOrder.rank(left) == JSONValueOrder.rank(right) || (isBool(left) && isBool(right)) else {
                return nil
            }
            return JSONValueOrder.compare(a, in: record.batch, b, in: record.batch)
        }
        switch (scalar(l, record), scalar(r, record)) {
        case (.null, .null): return 0
        case (.bool(let a), .bool(let b)): return a == b ? 0 : (a ? 1 : -1)
        case (.number(let a), .number(let b)): return a == b ? 0 : (a < b ? -1 : 1)
        case (.string(let a), .string(let b)): return JSONValueOrder.order(a, b)
        default: return nil
        }
    }

    private enum Scalar {
        case null
        case bool(Bool)
        case number(ExactNumber)
        case string([UInt8])
        case other
    }

    private func scalar(_ value: Value, _ record: Record) -> Scalar {
        switch value {
        case .missing, .literal(.null): return .null
        case .literal(.bool(let b)): return .bool(b)
        case .literal(.number(let n)): return .number(n.value)
        case .literal(.string(let s)): return .string(s)
        case .count(let n): return .number(ExactNumber(n))
        case .literal(.date), .instant: return .other
        case .node(let index, _):
            switch record.batch.nodes[index].kind {
            case .null: return .null
            case .true: return .bool(true)
            case .false: return .bool(false)
            case .number: return .number(JSONValueOrder.number(index, in: record.batch))
            case .string: return .string(JSONValueOrder.stringBytes(index, in: record.batch))
            case .array, .object: return .other
            }
        }
    }

    private func isBool(_ kind: JSONNode.Kind) -> Bool { kind == .true || kind == .false }

    private func isDate(_ value: Value) -> Bool {
        switch value {
        case .literal(.date), .instant: return true
        default: return false
        }
    }

    /// A value read as an instant; nil for missing and null; a failure for what is no date.
    private func instant(_ value: Value, _ record: Record, column: Int) throws(RecordFailure) -> Double? {
        switch value {
        case .missing, .literal(.null): return nil
        case .literal(.date(let t)), .instant(let t): return t
        case .literal(.string(let text)):
            guard let date = ISO8601Parser.parse(String(decoding: text, as: UTF8.self)) else {
                throw RecordFailure(
                    node: nil,
                    message:
                        "--where: \"\(String(decoding: text, as: UTF8.self))\" is not an ISO-8601 date (column \(column))"
                )
            }
            return date.timeIntervalSinceReferenceDate
        case .literal, .count:
            throw RecordFailure(node: nil, message: "--where: only dates compare with dates (column \(column))")
        case .node(let index, let path):
            let node = record.batch.nodes[index]
            let json: DateJSONValue
            switch node.kind {
            case .null: return nil
            case .number: json = .number(Record(batch: record.batch, root: index).compactText)
            case .string:
                json = .string(String(decoding: JSONValueOrder.stringBytes(index, in: record.batch), as: UTF8.self))
            default:
                throw RecordFailure(
                    node: index, message: "--where compares this value as a date, but it is \(node.kind.phrase)")
            }
            do {
                return try dates.codec(for: path).decode(json).date.timeIntervalSinceReferenceDate
            } catch {
                throw RecordFailure(node: index, message: "--where compares this value as a date: \(error.description)")
            }
        }
    }

    // MARK: Strings and containers

    private func bytes(_ value: Value, _ record: Record) -> [UInt8]? {
        if case .string(let bytes) = scalar(value, record) { return bytes }
        return nil
    }

    private func contains(_ container: Value, _ element: Value, _ record: Record) -> Bool {
        if case .node(let index, _) = container, record.batch.nodes[index].kind == .array {
            return JSONValueOrder.children(index, in: record.batch).contains { child in
                order(.node(child, path: nil), element, record) == 0
            }
        }
        guard let string = bytes(container, record), let part = bytes(element, record) else { return false }
        guard part.count <= string.count else { return false }
        return part.isEmpty
            || (0...(string.count - part.count)).contains { start in
                string[start..<(start + part.count)].elementsEqual(part)
            }
    }

    private func firstMatch(_ path: FieldPath, _ record: Record) -> Int? {
        path.firstMatch(in: record)
    }
}

/// A record that a transform could not handle (a `--where` date comparison on a value that is
/// not a date, …): `node` locates it when known.
public struct RecordFailure: Error, Sendable {
    /// The offending value's node, when there is one.
    public var node: Int?
    /// What went wrong.
    public var message: String

    /// Creates a failure.
    public init(node: Int?, message: String) {
        self.node = node
        self.message = message
    }
}
