import CodableParsing
import Foundation

/// Where a committed schema differs from the generated one (a drift check): semantic JSON
/// equality, so key order and number spelling (`1.0`, `1e0`, `1`) do not count.
public struct SchemaDrift: Sendable, Equatable {
    /// One difference.
    public struct Difference: Sendable, Equatable, CustomStringConvertible {
        /// The JSON Pointer of the value in question (`/$defs/Todo/required`).
        public var pointer: String
        /// Where it is in the committed file (its parent, for a missing member): 1-based.
        public var line: Int
        /// 1-based column.
        public var column: Int
        /// What differs, in a sentence.
        public var message: String

        public var description: String { "\(line):\(column): \(message) (at \(pointer.isEmpty ? "/" : pointer))" }
    }

    /// The differences, in document order of the generated schema; empty when they agree.
    public var differences: [Difference]

    /// Compares `committed` (JSON text, one value) with `generated`; throws when the text is not
    /// one JSON value (the reader's error, located).
    public init(generated: SchemaValue, committed: [UInt8]) throws(RecordReadError) {
        let reader = RecordReader(
            source: InMemoryByteSource(committed), options: RecordReaderOptions(framing: .jsonStream))
        guard let batch = try reader.nextBatch(), batch.count >= 1 else {
            differences = [Difference(pointer: "", line: 1, column: 1, message: "the committed schema is empty")]
            return
        }
        var comparer = Comparer(batch: batch)
        comparer.compare(generated, Int(batch.roots[0]), pointer: "")
        differences = comparer.differences
    }

    private struct Comparer {
        let batch: RecordBatch
        var differences: [Difference] = []

        mutating func compare(_ expected: SchemaValue, _ node: Int, pointer: String) {
            let found = batch.nodes[node]
            switch (expected, found.kind) {
            case (.null, .null), (.bool(true), .true), (.bool(false), .false): return
            case (.number(let text), .number):
                if Self.normalized(Array(text.utf8)) != Self.normalized(token(node)) {
                    report(node, pointer, "expected \(text), found \(String(decoding: token(node), as: UTF8.self))")
                }
            case (.string(let text), .string):
                let committed = string(node)
                if committed != text {
                    report(node, pointer, "expected \(JSONString.quoted(text)), found \(JSONString.quoted(committed))")
                }
            case (.array(let elements), .array):
                let children = Array(batch.nodes.children(of: node))
                for (offset, element) in elements.enumerated() where offset < children.count {
                    compare(element, children[offset], pointer: pointer + "/\(offset)")
                }
                if children.count != elements.count {
                    report(node, pointer, "expected \(elements.count) elements, found \(children.count)")
                }
            case (.object(let members), .object):
                var committed: [String: Int] = [:]
                var order: [String] = []
                for key in batch.nodes.children(of: node) {
                    let name = string(key)
                    if committed[name] == nil { order.append(name) }
                    committed[name] = committed[name] ?? key + 1
                }
                for member in members {
                    let child = pointer + "/" + Self.escaped(member.key)
                    if let value = committed[member.key] {
                        compare(member.value, value, pointer: child)
                    } else {
                        report(
                            node, child,
                            "missing member \(JSONString.quoted(member.key)) (generated: \(Self.summary(member.value)))"
                        )
                    }
                }
                let expectedKeys = Set(members.map(\.key))
                for name in order where !expectedKeys.contains(name) {
                    report(
                        committed[name]! - 1, pointer + "/" + Self.escaped(name),
                        "member \(JSONString.quoted(name)) is not generated")
                }
            default:
                report(node, pointer, "expected \(Self.summary(expected)), found \(kindName(found.kind))")
            }
        }

        mutating func report(_ node: Int, _ pointer: String, _ message: String) {
            let location = batch.location(ofNode: node)
            differences.append(
                Difference(pointer: pointer, line: location.line, column: location.column, message: message))
        }

        func string(_ node: Int) -> String {
            batch.bytes.withUnsafeBufferPointer { batch.nodes[node].stringValue(in: $0.baseAddress!) }
        }

        func token(_ node: Int) -> [UInt8] {
            batch.bytes.withUnsafeBufferPointer { Array(batch.nodes[node].token(in: $0.baseAddress!)) }
        }

        func kindName(_ kind: JSONNode.Kind) -> String {
            switch kind {
            case .null: "null"
            case .true: "true"
            case .false: "false"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }

        /// A short description of a generated value for a message.
        static func summary(_ value: SchemaValue) -> String {
            switch value {
            case .null: "null"
            case .bool(let flag): flag ? "true" : "false"
            case .number(let text): text
            case .string(let text): JSONString.quoted(text)
            case .array(let elements): "an array of \(elements.count)"
            case .object: "an object"
            }
        }

        /// A JSON Pointer token: `~` as `~0`, `/` as `~1`.
        static func escaped(_ key: String) -> String {
            key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }

        /// A number's value as sign, significant digits and exponent, so equal values compare
        /// equal however they are spelled.
        static func normalized(_ token: [UInt8]) -> String {
            var index = 0
            let negative = token.first == UInt8(ascii: "-")
            if negative { index = 1 }
            var digits: [UInt8] = []
            var exponent = 0
            var fraction = false
            while index < token.count, token[index] != UInt8(ascii: "e"), token[index] != UInt8(ascii: "E") {
                if token[index] == UInt8(ascii: ".") {
                    fraction = true
                } else {
                    if !(digits.isEmpty && token[index] == UInt8(ascii: "0")) { digits.append(token[index]) }
                    if fraction { exponent -= 1 }
                }
                index += 1
            }
            if index < token.count {
                exponent +=
                    Int(String(decoding: token[(index + 1)...], as: UTF8.self).replacingOccurrences(of: "+", with: ""))
                    ?? 0
            }
            while digits.last == UInt8(ascii: "0") {
                digits.removeLast()
                exponent += 1
            }
            if digits.isEmpty { return "0" }
            return (negative ? "-" : "") + String(decoding: digits, as: UTF8.self) + "e\(exponent)"
        }
    }
}
