import CodableParsing

/// Equality and order of values on a tape, shared by `--where`, `--sort-by` and `--unique-by`.
///
/// Order between kinds (jq's): missing and `null` < `false` < `true` < numbers < strings <
/// arrays < objects. Numbers compare exactly (`ExactNumber`), strings by Unicode code point
/// (their UTF-8 bytes, escapes resolved), arrays element by element, objects by their members
/// sorted by key (key, then value). Equal values are `==` whatever their spelling (`1.0 == 1`,
/// `"\u0041" == "A"`, objects with members in another order).
enum JSONValueOrder {
    /// The rank of a kind in the order between kinds.
    static func rank(_ kind: JSONNode.Kind) -> Int {
        switch kind {
        case .null: 0
        case .false: 1
        case .true: 2
        case .number: 3
        case .string: 4
        case .array: 5
        case .object: 6
        }
    }

    /// -1, 0 or 1 as the value at `lhs` of `a` sorts before, with, or after the value at `rhs` of `b`.
    static func compare(_ lhs: Int, in a: RecordBatch, _ rhs: Int, in b: RecordBatch) -> Int {
        let left = a.nodes[lhs]
        let right = b.nodes[rhs]
        let leftRank = rank(left.kind)
        let rightRank = rank(right.kind)
        if leftRank != rightRank { return leftRank < rightRank ? -1 : 1 }
        switch left.kind {
        case .null, .true, .false:
            return 0
        case .number:
            let l = number(lhs, in: a)
            let r = number(rhs, in: b)
            return l == r ? 0 : (l < r ? -1 : 1)
        case .string:
            return order(stringBytes(lhs, in: a), stringBytes(rhs, in: b))
        case .array:
            let leftElements = children(lhs, in: a)
            let rightElements = children(rhs, in: b)
            for (l, r) in zip(leftElements, rightElements) {
                let result = compare(l, in: a, r, in: b)
                if result != 0 { return result }
            }
            return order(leftElements.count, rightElements.count)
        case .object:
            let leftMembers = sortedMembers(lhs, in: a)
            let rightMembers = sortedMembers(rhs, in: b)
            for (l, r) in zip(leftMembers, rightMembers) {
                let keyOrder = order(l.key, r.key)
                if keyOrder != 0 { return keyOrder }
                let valueOrder = compare(l.value, in: a, r.value, in: b)
                if valueOrder != 0 { return valueOrder }
            }
            return order(leftMembers.count, rightMembers.count)
        }
    }

    /// The number at `index` (a number node).
    static func number(_ index: Int, in batch: RecordBatch) -> ExactNumber {
        let node = batch.nodes[index]
        return batch.bytes.withUnsafeBufferPointer { bytes in
            bytes.baseAddress.flatMap { ExactNumber(text: node.token(in: $0)) }
        } ?? ExactNumber(0)
    }

    /// A string node's content as UTF-8, escapes resolved.
    static func stringBytes(_ index: Int, in batch: RecordBatch) -> [UInt8] {
        let node = batch.nodes[index]
        return batch.bytes.withUnsafeBufferPointer { node.stringBytes(in: $0.baseAddress!) }
    }

    /// The node indices of a container's elements (arrays) or member values (objects).
    static func children(_ index: Int, in batch: RecordBatch) -> [Int] {
        let valueOffset = batch.nodes[index].kind == .object ? 1 : 0
        return batch.nodes.children(of: index).map { $0 + valueOffset }
    }

    /// An object's members as (key bytes, value node), sorted by key, stable.
    static func sortedMembers(_ index: Int, in batch: RecordBatch) -> [(key: [UInt8], value: Int)] {
        var members: [(key: [UInt8], value: Int)] = []
        for key in batch.nodes.children(of: index) {
            members.append((stringBytes(key, in: batch), key + 1))
        }
        return members.enumerated().sorted { l, r in
            l.element.key.lexicographicallyPrecedes(r.element.key)
                || (l.element.key == r.element.key && l.offset < r.offset)
        }.map(\.element)
    }

    static func order<T: Comparable>(_ lhs: T, _ rhs: T) -> Int {
        lhs == rhs ? 0 : (lhs < rhs ? -1 : 1)
    }

    static func order(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        if lhs == rhs { return 0 }
        return lhs.lexicographicallyPrecedes(rhs) ? -1 : 1
    }
}
