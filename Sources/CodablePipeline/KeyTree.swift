import CodableParsing

/// The keys of one flat record split at a separator, as a tree in first-appearance order:
/// what `RecordFlattener.unflatten` writes out.
struct KeyTree {
    /// One member of an object of the tree.
    private struct Entry {
        var name: [UInt8]
        /// The source key node it came from (the first one, for an object).
        var keyNode: Int
        /// The key is the source key unchanged (not split): its node is copied.
        var isWholeKey: Bool
        /// The source value node, or -1 for an object of the tree (`branch`).
        var value: Int
        var branch: Int
    }

    /// Objects of the tree: their entries, and where each name is among them.
    private var branches: [[Entry]] = [[]]
    private var lookup: [[[UInt8]: Int]] = [[:]]
    /// The record's root node.
    private let root: Int

    init(record root: Int, in batch: RecordBatch, base: UnsafePointer<UInt8>, separator: [UInt8], recordIndex: Int) throws(RecordFlattener.Conflict) {
        self.root = root
        for child in batch.nodes.children(of: root) {
            let value = child + 1
            let key = batch.nodes[child].stringBytes(in: base)
            let parts = Self.split(key, at: separator)
            var branch = 0
            for (depth, part) in parts.enumerated() {
                let isLast = depth == parts.count - 1
                if let existing = lookup[branch][part] {
                    let entry = branches[branch][existing]
                    if entry.value >= 0 || isLast {
                        let name = String(decoding: key, as: UTF8.self)
                        let prefix = String(decoding: Array(parts[0...depth].joined(separator: separator)), as: UTF8.self)
                        throw RecordFlattener.Conflict(
                            record: recordIndex, node: child,
                            message: "cannot unflatten '\(name)': '\(prefix)' is both a value and an object")
                    }
                    branch = entry.branch
                    continue
                }
                if isLast {
                    lookup[branch][part] = branches[branch].count
                    branches[branch].append(Entry(name: part, keyNode: child, isWholeKey: parts.count == 1, value: value, branch: -1))
                } else {
                    let newBranch = branches.count
                    branches.append([])
                    lookup.append([:])
                    lookup[branch][part] = branches[branch].count
                    branches[branch].append(Entry(name: part, keyNode: child, isWholeKey: false, value: -1, branch: newBranch))
                    branch = newBranch
                }
            }
        }
    }

    /// Writes the tree as the record's object.
    func write(to tape: inout TapeBuilder, batch: RecordBatch, base: UnsafePointer<UInt8>, parsingJSONText: Bool) {
        var stack: [(branch: Int, next: Int)] = [(0, 0)]
        tape.openContainer(.object, like: root)
        while let top = stack.last {
            let entries = branches[top.branch]
            guard top.next < entries.count else {
                tape.close()
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let entry = entries[top.next]
            if entry.isWholeKey {
                tape.key(entry.keyNode)
            } else {
                entry.name.withUnsafeBufferPointer { tape.key(named: $0, origin: entry.keyNode) }
            }
            if entry.value < 0 {
                tape.openContainer(.object, like: entry.keyNode)
                stack.append((entry.branch, 0))
            } else if !(parsingJSONText && writeParsed(entry.value, to: &tape, batch: batch, base: base)) {
                tape.copy(entry.value)
            }
        }
    }

    /// A string value that holds a JSON array or object, written as that value.
    private func writeParsed(_ value: Int, to tape: inout TapeBuilder, batch: RecordBatch, base: UnsafePointer<UInt8>) -> Bool {
        let node = batch.nodes[value]
        guard node.kind == .string, node.tokenLength(in: base) >= 4 else { return false }
        let first = base[Int(node.start) + 1]
        guard first == UInt8(ascii: "[") || first == UInt8(ascii: "{") else { return false }
        return tape.parsedValue(node.stringBytes(in: base), origin: value)
    }

    /// `key` split at every occurrence of `separator`.
    private static func split(_ key: [UInt8], at separator: [UInt8]) -> [[UInt8]] {
        guard !separator.isEmpty, key.count >= separator.count else { return [key] }
        var parts: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + separator.count <= key.count {
            if key[index..<(index + separator.count)].elementsEqual(separator) {
                parts.append(Array(key[start..<index]))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(Array(key[start...]))
        return parts
    }
}
