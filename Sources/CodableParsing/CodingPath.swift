/// The coding path of a value inside a record, written as `$[3].owner.email`: `$` is the input,
/// `[3]` the record's position in it (0-based), then keys and array indices down to the value.
/// Keys that are not plain identifiers are quoted: `$[0]["first name"]`.
public enum CodingPath {
    /// The path from `record`'s root to node `target` (which must lie inside the record).
    public static func describe(node target: Int, in record: Record, recordIndex: Int?) -> String {
        var path = recordIndex.map { "$[\($0)]" } ?? "$"
        record.batch.bytes.withUnsafeBufferPointer { bytes in
            record.batch.nodes.withNodes { nodes in
                var current = record.root
                while current != target {
                    let node = nodes[current]
                    var found = false
                    for (position, child) in JSONNode.children(of: current, in: nodes).enumerated() {
                        let valueIndex = node.kind == .object ? child + 1 : child
                        if target >= child && target < valueIndex + nodes[valueIndex].span {
                            if node.kind == .object {
                                path += component(nodes[child].stringValue(in: bytes.baseAddress!))
                            } else {
                                path += "[\(position)]"
                            }
                            current = target == child ? target : valueIndex
                            found = true
                            break
                        }
                    }
                    if !found { break }
                }
            }
        }
        return path
    }

    /// `.name`, or `["odd name"]` for keys that are not identifiers.
    public static func component(_ key: String) -> String {
        let isIdentifier = !key.isEmpty && key.unicodeScalars.allSatisfy { scalar in
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
