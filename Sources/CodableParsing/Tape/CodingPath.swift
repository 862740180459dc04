/// The coding path of a value inside a record, written as `$[3].owner.email`: `$` is the input,
/// `[3]` the record's position in it (0-based), then keys and array indices down to the value.
/// Keys that are not plain identifiers are quoted: `$[0]["first name"]`.
public enum CodingPath {
    /// The path from `record`'s root to node `target` (which must lie inside the record).
    public static func describe(node target: Int, in record: Record, recordIndex: Int?) -> String {
        describe(nodes: [target], in: record, recordIndex: recordIndex)[0]
    }

    /// The paths from `record`'s root to each of the nodes `targets` (which must lie inside the
    /// record), in their order: found in one walk down the record, its containers' members
    /// passed over once, not once a target (placed one by one, each of many problems in one
    /// array would count the elements before it: quadratic time).
    public static func describe(nodes targets: [Int], in record: Record, recordIndex: Int?) -> [String] {
        var walk: Walk?
        return describe(nodes: targets, in: record, recordIndex: recordIndex, continuing: &walk)
    }

    /// The same, going on with `walk` where an earlier call left it when every target lies at or
    /// after the nodes that call placed (the next page of one record's problems, in document
    /// order): its containers' members before them are not passed over again. Else, and when
    /// `walk` is nil or of another record, from the record's root; `walk` is left for the next
    /// call.
    public static func describe(
        nodes targets: [Int], in record: Record, recordIndex: Int?, continuing walk: inout Walk?
    ) -> [String] {
        let start = recordIndex.map { "$[\($0)]" } ?? "$"
        var paths = [String](repeating: start, count: targets.count)
        let order = targets.indices.sorted { targets[$0] < targets[$1] }
        if let first = order.first, let existing = walk,
            existing.root != record.root || existing.start != start || targets[first] < existing.last
        {
            walk = nil
        }
        record.batch.bytes.withUnsafeBufferPointer { bytes in
            record.batch.nodes.withNodes { nodes in
                var current = walk ?? Walk(root: record.root, span: nodes[record.root].span, start: start)
                for place in order {
                    paths[place] = current.path(to: targets[place], nodes: nodes, bytes: bytes.baseAddress!)
                }
                walk = current
            }
        }
        return paths
    }

    /// Where a walk down one record got to: the containers it is in, and the path to them.
    public struct Walk: Sendable {
        /// A container on the way down: its node, where it ends, the next member to look at
        /// (its key node, in an object) and that member's position.
        struct Frame {
            var container: Int
            var end: Int
            var next: Int
            var position: Int
        }

        let root: Int
        /// The record's own path (`$[3]`).
        let start: String
        var frames: [Frame]
        /// One a frame but the root's.
        var components: [String] = []
        /// The last node placed.
        var last = 0

        init(root: Int, span: Int, start: String) {
            self.root = root
            self.start = start
            frames = [Frame(container: root, end: root + span, next: root + 1, position: 0)]
        }

        /// The path to `target`, at or after the last node placed.
        mutating func path(to target: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>) -> String {
            last = target
            while frames.count > 1 && target >= frames[frames.count - 1].end {
                frames.removeLast()
                components.removeLast()
            }
            var keyComponent: String?
            while target != frames[frames.count - 1].container {
                let top = frames.count - 1
                let container = nodes[frames[top].container]
                guard container.kind == .object || container.kind == .array, frames[top].next < frames[top].end else {
                    break
                }
                let isObject = container.kind == .object
                var child = frames[top].next
                var value = isObject ? child + 1 : child
                while target >= value + nodes[value].span && value + nodes[value].span < frames[top].end {
                    child = value + nodes[value].span
                    value = isObject ? child + 1 : child
                    frames[top].position += 1
                }
                frames[top].next = child
                guard target >= child && target < value + nodes[value].span else { break }
                let component =
                    isObject ? CodingPath.component(nodes[child].stringValue(in: bytes)) : "[\(frames[top].position)]"
                if target == child {  // the key itself
                    keyComponent = component
                    break
                }
                frames.append(Frame(container: value, end: value + nodes[value].span, next: value + 1, position: 0))
                components.append(component)
            }
            return start + components.joined() + (keyComponent ?? "")
        }
    }

    /// `.name`, or `["odd name"]` for keys that are not identifiers.
    public static func component(_ key: String) -> String {
        var key = key
        return key.withUTF8 { component(utf8: $0) } ?? unicodeComponent(key)
    }

    /// The component of a key of printable ASCII, looked at byte by byte
    /// (made once a problem: scalar properties and Characters would be a large share of placing
    /// a CSV batch's problems); nil for any other key.
    private static func component(utf8 key: UnsafeBufferPointer<UInt8>) -> String? {
        var isIdentifier = !key.isEmpty
        var quotes = 0
        for byte in key {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                break
            case UInt8(ascii: "\\"), UInt8(ascii: "\""):
                quotes += 1
                isIdentifier = false
            default:
                isIdentifier = false
            }
        }
        if isIdentifier, let first = key.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
            return String(unsafeUninitializedCapacity: key.count + 1) { out in
                out[0] = UInt8(ascii: ".")
                _ = UnsafeMutableBufferPointer(rebasing: out[1...]).initialize(fromContentsOf: key)
                return key.count + 1
            }
        }
        return String(unsafeUninitializedCapacity: key.count + quotes + 4) { out in
            out[0] = UInt8(ascii: "[")
            out[1] = UInt8(ascii: "\"")
            var count = 2
            for byte in key {
                if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") {
                    out[count] = UInt8(ascii: "\\")
                    count += 1
                }
                out[count] = byte
                count += 1
            }
            out[count] = UInt8(ascii: "\"")
            out[count + 1] = UInt8(ascii: "]")
            return count + 2
        }
    }

    /// The component of any other key: an identifier may have letters of any script.
    private static func unicodeComponent(_ key: String) -> String {
        let isIdentifier =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { scalar in
                scalar == "_" || (scalar.properties.isAlphabetic) || ("0"..."9").contains(scalar)
            } && !("0"..."9").contains(key.unicodeScalars.first!)
        if isIdentifier { return ".\(key)" }
        var escaped = ""
        for character in key {
            if character == "\\" || character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
        return "[\"\(escaped)\"]"
    }
}
