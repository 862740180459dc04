import CodableDates
import CodableParsing
import Foundation

extension ValueShape {
    /// Adds the value at node `index` of `nodes` (pointing into `bytes`) to this shape.
    func record(_ index: Int, _ nodes: NodeTape, _ bytes: UnsafePointer<UInt8>) {
        count += 1
        let node = nodes[index]
        switch node.kind {
        case .null: nulls += 1
        case .true, .false: bools += 1
        case .number:
            numbers += 1
            recordNumber(node.token(in: bytes))
        case .string:
            strings += 1
            if stringsAreISO8601 || stringsAreUUIDs || stringsAreURLs {
                node.withStringBytes(in: bytes) { recordString($0) }
            }
        case .array:
            arrays += 1
            let element = self.element ?? ValueShape(isDateNamed: isDateNamed)
            self.element = element
            for child in JSONNode.children(of: index, in: nodes) { element.record(child, nodes, bytes) }
        case .object:
            let object = self.object ?? ObjectShape()
            self.object = object
            object.record(index, nodes, bytes)
        }
    }

    private func recordNumber(_ token: UnsafeBufferPointer<UInt8>) {
        let isInteger = NumberFacts.isInt64(token)
        if !isInteger {
            numbersAreIntegers = false
            if numbersFitDouble && JSONDouble.parse(String(decoding: token, as: UTF8.self)) == nil {
                numbersFitDouble = false
            }
        }
        guard isDateNamed, numbersAreDates else { return }
        guard let value = JSONDouble.parse(String(decoding: token, as: UTF8.self)),
            let kind = NumberFacts.plausibleDateKind(value), numberDateKind == nil || numberDateKind == kind
        else {
            numbersAreDates = false
            return
        }
        numberDateKind = kind
    }

    private func recordString(_ content: UnsafeBufferPointer<UInt8>) {
        if stringsAreISO8601 && ISO8601Parser.parseInterval(content) == nil { stringsAreISO8601 = false }
        if stringsAreUUIDs && !NumberFacts.isUUID(content) { stringsAreUUIDs = false }
        if stringsAreURLs && !NumberFacts.isAbsoluteURL(content) { stringsAreURLs = false }
    }
}

extension ObjectShape {
    /// Adds the object at node `index`: its keys in order, each value to its field's shape.
    /// Objects of one place mostly list the same keys in the same order, so the key at each
    /// position is first compared, in place, with the field at that position.
    func record(_ index: Int, _ nodes: NodeTape, _ bytes: UnsafePointer<UInt8>) {
        let serial = count
        count += 1
        var position = 0
        for keyIndex in JSONNode.children(of: index, in: nodes) {
            let keyNode = nodes[keyIndex]
            let field: Field
            if position < fields.count, keyNode.spells(fields[position].keyBytes, in: bytes) {
                field = fields[position]
            } else {
                let key = keyNode.stringValue(in: bytes)
                if let known = self.index[key] {
                    field = fields[known]
                } else {
                    field = Field(key: key, keyBytes: Array(key.utf8))
                    self.index[key] = fields.count
                    fields.append(field)
                }
            }
            position += 1
            if field.lastObject != serial {
                field.lastObject = serial
                field.present += 1
            }
            field.shape.record(keyIndex + 1, nodes, bytes)
        }
    }
}

/// Facts about one scalar's text.
enum NumberFacts {
    /// An integer text (no fraction, no exponent) within `Int64`.
    static func isInt64(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
        var position = 0
        let negative = token.first == UInt8(ascii: "-")
        if negative { position = 1 }
        guard position < token.count, token.count - position <= 19 else { return false }
        var magnitude: UInt64 = 0
        while position < token.count {
            let digit = token[position] &- UInt8(ascii: "0")
            guard digit < 10 else { return false }
            magnitude = magnitude * 10 + UInt64(digit)
            position += 1
        }
        return magnitude <= (negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max))
    }

    /// The class automatic date detection gives `value`, when the instant it then names is a plausible
    /// one (reference dates from 2004 on, any epoch seconds or milliseconds up to year 5138);
    /// nil for small numbers (a count, a duration) and negative ones.
    static func plausibleDateKind(_ value: Double) -> DateKind? {
        guard value >= 1e8, value < 1e14 else { return nil }
        return AutoDateClassifier.kind(of: value)
    }

    /// `8-4-4-4-12` hexadecimal digits, as `UUID(uuidString:)` accepts.
    static func isUUID(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
        guard content.count == 36 else { return false }
        for (offset, byte) in content.enumerated() {
            switch offset {
            case 8, 13, 18, 23: guard byte == UInt8(ascii: "-") else { return false }
            default:
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                    UInt8(ascii: "A")...UInt8(ascii: "F"):
                    continue
                default: return false
                }
            }
        }
        return true
    }

    /// `scheme://…` that `URL(string:)` accepts: most strings are accepted by `URL(string:)`,
    /// so only what reads as an absolute URL is taken for one.
    static func isAbsoluteURL(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
        var position = 0
        while position < content.count {
            let byte = content[position]
            let isSchemeByte =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (position > 0
                    && ((byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
                        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")))
            guard isSchemeByte else { break }
            position += 1
        }
        guard position > 0, content.count > position + 3, content[position] == UInt8(ascii: ":"),
            content[position + 1] == UInt8(ascii: "/"), content[position + 2] == UInt8(ascii: "/")
        else { return false }
        return URL(string: String(decoding: content, as: UTF8.self)) != nil
    }
}
