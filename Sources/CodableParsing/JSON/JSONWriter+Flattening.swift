extension JSONWriter {
    /// Appends the value at `root` with its nested objects flattened to `separator`-joined keys
    /// (`RecordEdit.flattening`) as it is written, `replacements` written in place of the nodes
    /// they name: the text of the record flattened first and written plainly, but the record is
    /// not rebuilt, so a huge one is not held twice. A value flattening does not change is
    /// written plainly.
    mutating func writeFlattened(
        root: Int, nodes: NodeTape, bytes: UnsafePointer<UInt8>, level: Int, separator: [UInt8],
        replacements: NodeReplacements, to out: inout OutputCursor
    ) {
        let lowestReplaced = replacements.lowestNode
        let highestReplaced = replacements.highestNode
        guard FlattenedMembers.change(root, in: nodes) else {
            return write(
                root: root, nodes: nodes, bytes: bytes, level: level, replacements: replacements,
                replacedFrom: lowestReplaced, through: highestReplaced, to: &out)
        }
        let pretty = options.pretty
        var path: [UInt8] = []
        var first = true
        out.append(UInt8(ascii: "{"))
        FlattenedMembers.forEach(
            of: root, in: nodes, bytes: bytes, separator: separator, sortedByName: options.sortKeys, path: &path
        ) { key, value, joinedName in
            if first { first = false } else { out.append(UInt8(ascii: ",")) }
            if pretty { newline(level + 1, to: &out) }
            if let joinedName {
                joinedName.withUnsafeBufferPointer { _ = JSONString.appendQuoted($0, to: &out) }
            } else {
                writeString(nodes[key], bytes: bytes, to: &out)
            }
            if pretty { out.append(": ") } else { out.append(UInt8(ascii: ":")) }
            write(
                root: value, nodes: nodes, bytes: bytes, level: level + 1, replacements: replacements,
                replacedFrom: lowestReplaced, through: highestReplaced, to: &out)
        }
        if pretty { newline(level, to: &out) }
        out.append(UInt8(ascii: "}"))
    }
}
