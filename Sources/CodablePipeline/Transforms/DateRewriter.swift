import CodableDates
import CodableParsing
import Foundation

/// Re-encodes the dates of a record: reads each date value with its input strategy and writes
/// it with the output strategy, as writer replacements (the record itself stays as read).
///
/// Which values are dates: the ones `--date PATH=STRATEGY` rules reach, and, with
/// `autoStrings`, every string shaped like an RFC 3339 date-time (`YYYY-MM-DDT…`) that the
/// ISO-8601 strategy accepts. `null` is left as it is, as an optional date would be.
public final class DateRewriter {
    /// One `--date` rule.
    public struct Rule: Sendable {
        /// Where the dates are.
        public var path: FieldPath
        /// How they are written in the input.
        public var input: DateCodec

        /// Creates a rule.
        public init(path: FieldPath, input: DateCodec) {
            self.path = path
            self.input = input
        }
    }

    /// A value that is not a date in its strategy, or cannot be written in the output strategy.
    public struct Failure: Error, Sendable {
        /// The node of the offending value.
        public var node: Int
        /// What went wrong, in Foundation's words where it has them.
        public var message: String
    }

    /// How `auto` read a value, for `--explain-dates`: reported once per path and kind.
    public struct Explanation: Sendable, Equatable {
        /// The field path (records' positions left out).
        public var path: String
        /// How the value was read.
        public var kind: DateKind
        /// The value as written in the input.
        public var example: String
        /// The instant, as RFC 3339.
        public var instant: String
    }

    private let rules: [Rule]
    private let autoStrings: DateCodec?
    private let output: DateCodec
    private let iso8601 = DateCodec(.iso8601)
    private var explained: Set<String> = []
    /// New explanations since the last call to `takeExplanations()`.
    private var pendingExplanations: [Explanation] = []
    private let explain: Bool

    /// Creates a rewriter. `autoStrings` reads every date-time-shaped string with that codec.
    public init(rules: [Rule], autoStrings: DateCodec?, output: DateCodec, explain: Bool = false) {
        self.rules = rules
        self.autoStrings = autoStrings
        self.output = output
        self.explain = explain
    }

    /// A rewriter of the same dates, for another thread: rewriters are not shared across
    /// threads, and each gathers its own explanations.
    public func copy() -> DateRewriter {
        DateRewriter(rules: rules, autoStrings: autoStrings, output: output, explain: explain)
    }

    /// The nodes of a record whose dates' rules are matched first, to make its replacements'
    /// room once (see `NodeReplacements.reserveCapacity`).
    private static let countedRecordNodes = 1 << 12
    /// Room made for a date's new text: an ISO-8601 one with fractions, quoted, is 26 bytes.
    private static let reservedTextBytes = 32

    /// The replacements that re-encode `record`'s dates.
    public func replacements(for record: Record) throws(Failure) -> NodeReplacements {
        var replacements = NodeReplacements()
        try rewrite(record, into: &replacements)
        return replacements
    }

    /// Sets `replacements` (emptied first, its room kept) to the replacements that re-encode
    /// `record`'s dates: for a writer that reuses one for every record.
    public func rewrite(_ record: Record, into replacements: inout NodeReplacements) throws(Failure) {
        replacements.removeAll()
        if record.batch.nodes[record.root].span >= Self.countedRecordNodes {
            var matches = 0
            for rule in rules { rule.path.forEachMatch(in: record) { _ in matches += 1 } }
            if autoStrings != nil {
                forEachStringValue(in: record) { node in
                    if looksLikeDateTime(node, in: record) { matches += 1 }
                }
            }
            replacements.reserveCapacity(matches, textBytes: matches * Self.reservedTextBytes)
        } else if !rules.isEmpty {  // a date a rule, most often: room for them at once
            replacements.reserveCapacity(rules.count, textBytes: rules.count * Self.reservedTextBytes)
        }
        for rule in rules {
            var failure: Failure?
            rule.path.forEachMatch(in: record) { node in
                guard failure == nil else { return }
                do throws(Failure) {
                    try reencode(node, in: record, with: rule.input, path: rule.path, into: &replacements)
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
        }
        if let autoStrings {
            forEachStringValue(in: record) { node in
                guard replacements[node] == nil && looksLikeDateTime(node, in: record) else { return }
                try? reencode(node, in: record, with: autoStrings, path: nil, into: &replacements)
            }
        }
    }

    /// Explanations gathered since the last call.
    public func takeExplanations() -> [Explanation] {
        guard !pendingExplanations.isEmpty else { return [] }  // asked once per record
        defer { pendingExplanations = [] }
        return pendingExplanations
    }

    /// Re-encodes the date at `node` (not `null`) into `replacements`, its new text written
    /// straight into their buffer.
    private func reencode(
        _ node: Int, in record: Record, with codec: DateCodec, path: FieldPath?,
        into replacements: inout NodeReplacements
    ) throws(Failure) {
        var raw: String { Record(batch: record.batch, root: node).compactText }
        let decoded: DecodedDate
        do {
            guard let date = try decode(node, in: record, with: codec) else { return }
            decoded = date
        } catch {
            throw Failure(node: node, message: "\(error.description) (value \(raw))")
        }
        if explain, let path = path?.description, codec.strategy == .auto {
            let key = "\(path)|\(decoded.kind.rawValue)"
            if explained.insert(key).inserted {
                let instant = ((try? iso8601.encode(decoded.date)) ?? "?").filter { $0 != "\"" }
                pendingExplanations.append(Explanation(path: path, kind: decoded.kind, example: raw, instant: instant))
            }
        }
        do {
            try replacements.replace(node) { (text) throws(DateEncodingError) in
                try output.encode(decoded.date, appendingTo: &text)
            }
        } catch {
            throw Failure(node: node, message: error.description)
        }
    }

    /// Reads a node with `codec`: nil for `null`; strings without escapes are parsed in place.
    private func decode(_ node: Int, in record: Record, with codec: DateCodec) throws(DateValueError) -> DecodedDate? {
        let batch = record.batch
        let token = batch.nodes[node]
        switch token.kind {
        case .null: return nil
        case .true, .false: throw .wrongType(typeMismatch(codec, found: "bool"))
        case .array: throw .wrongType(typeMismatch(codec, found: "an array"))
        case .object: throw .wrongType(typeMismatch(codec, found: "a dictionary"))
        case .number, .string: break
        }
        do throws(DateDecodingError) {
            if token.kind == .number {
                return try codec.decode(.number(Record(batch: batch, root: node).compactText))
            }
            if token.hasEscapes {
                return try codec.decode(.string(stringValue(node, in: record)))
            }
            return try batch.bytes.withUnsafeBufferPointer { buffer throws(DateDecodingError) in
                let content = UnsafeBufferPointer(rebasing: token.token(in: buffer.baseAddress!).dropFirst().dropLast())
                return try codec.decode(stringUTF8: content)
            }
        } catch {
            throw .notADate(error)
        }
    }

    private func typeMismatch(_ codec: DateCodec, found: String) -> String {
        switch codec.strategy {
        case .iso8601, .format: "Expected to decode String but found \(found) instead."
        default: "Expected to decode Double but found \(found) instead."
        }
    }

    private func stringValue(_ node: Int, in record: Record) -> String {
        let token = record.batch.nodes[node]
        return record.batch.bytes.withUnsafeBufferPointer { token.stringValue(in: $0.baseAddress!) }
    }

    /// `"YYYY-MM-DDT`: the start of an RFC 3339 date-time.
    private func looksLikeDateTime(_ node: Int, in record: Record) -> Bool {
        let token = record.batch.nodes[node]
        let bytes = record.batch.bytes
        guard bytes.withUnsafeBufferPointer({ $0.baseAddress.map(token.tokenLength) ?? 0 }) >= 22 else { return false }
        let start = Int(token.start) + 1
        func isDigit(_ offset: Int) -> Bool { bytes[start + offset] &- UInt8(ascii: "0") < 10 }
        return isDigit(0) && isDigit(1) && isDigit(2) && isDigit(3) && bytes[start + 4] == UInt8(ascii: "-")
            && isDigit(5) && isDigit(6) && bytes[start + 7] == UInt8(ascii: "-") && isDigit(8) && isDigit(9)
            && bytes[start + 10] == UInt8(ascii: "T")
    }

    /// Calls `body` with each string node of `record` that is a value (not an object key), in
    /// document order (not listed first: a record of 300 000 dates listed them in 4.8 MB).
    private func forEachStringValue(in record: Record, _ body: (Int) -> Void) {
        let nodes = record.batch.nodes
        if nodes[record.root].kind == .string { return body(record.root) }
        for index in record.root..<(record.root + nodes[record.root].span) {
            let container = nodes[index]
            guard container.kind == .object || container.kind == .array else { continue }
            for child in nodes.children(of: index) {
                let value = container.kind == .object ? child + 1 : child
                if nodes[value].kind == .string { body(value) }
            }
        }
    }
}

/// Why a value could not be read as a date.
private enum DateValueError: Error {
    /// A JSON type no date strategy reads (a bool, an array, an object).
    case wrongType(String)
    /// The strategy refused the value.
    case notADate(DateDecodingError)

    var description: String {
        switch self {
        case .wrongType(let message): message
        case .notADate(let error): error.description
        }
    }
}
