import CodableParsing

/// A path to fields inside a record: `createdAt`, `owner.since`, `events[].at` (every element),
/// `tags[0]` (one element). A leading `.` or `$.` is allowed (`.owner.since`, `$.id`).
public struct FieldPath: Sendable, Equatable, CustomStringConvertible {
    public static func == (lhs: FieldPath, rhs: FieldPath) -> Bool { lhs.components == rhs.components }

    /// One step of a path.
    public enum Component: Sendable, Equatable {
        /// An object member by name.
        case key(String)
        /// Every element of an array.
        case everyElement
        /// One element of an array (0-based).
        case element(Int)
    }

    /// The steps, outermost first.
    public let components: [Component]
    /// The UTF-8 of each `.key` component's name (empty for other components).
    let keyBytes: [[UInt8]]

    /// Why a path could not be parsed; `column` is 1-based within the path text.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var column: Int
        public var description: String { "\(message) (column \(column))" }
    }

    /// Parses a path.
    public init(parsing text: String) throws(ParseError) {
        let characters = Array(text)
        var index = 0
        // `$` names the record itself only when a step or the end follows (`$.id`, `$[0]`):
        // `$oid` is a field of that name.
        if characters.first == "$" && (characters.count == 1 || characters[1] == "." || characters[1] == "[") {
            index = 1
        }
        var components: [Component] = []
        var expectKey = true
        if index < characters.count && characters[index] == "." { index += 1 }
        while index < characters.count {
            let character = characters[index]
            if character == "[" {
                guard let close = characters[index...].firstIndex(of: "]") else {
                    throw ParseError(message: "'[' without ']'", column: index + 1)
                }
                let inside = String(characters[(index + 1)..<close])
                if inside.isEmpty {
                    components.append(.everyElement)
                } else if let position = Int(inside), position >= 0 {
                    components.append(.element(position))
                } else {
                    throw ParseError(message: "expected '[]' or an index like '[0]'", column: index + 1)
                }
                index = close + 1
                expectKey = false
            } else if character == "." {
                guard !expectKey else { throw ParseError(message: "empty field name", column: index + 1) }
                expectKey = true
                index += 1
            } else {
                var name = ""
                while index < characters.count && characters[index] != "." && characters[index] != "[" {
                    name.append(characters[index])
                    index += 1
                }
                guard expectKey else {
                    throw ParseError(message: "expected '.' before a field name", column: index - name.count + 1)
                }
                components.append(.key(name))
                expectKey = false
            }
        }
        guard !components.isEmpty else { throw ParseError(message: "empty path", column: 1) }
        guard !expectKey else { throw ParseError(message: "path ends with '.'", column: characters.count) }
        self.components = components
        self.keyBytes = components.map { component in
            if case .key(let name) = component { return Array(name.utf8) }
            return []
        }
    }

    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key("$") where text.isEmpty: text = "$.$"  // `$` alone would name the record
            case .key(let name): text += text.isEmpty ? name : ".\(name)"
            case .everyElement: text += "[]"
            case .element(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// The node indices of the values this path reaches in `record` (none when it reaches nothing).
    public func matches(in record: Record) -> [Int] {
        var found: [Int] = []
        forEachMatch(in: record) { found.append($0) }
        return found
    }

    /// Calls `body` with the node index of each value this path reaches in `record`, in
    /// document order, without allocating.
    public func forEachMatch(in record: Record, _ body: (Int) -> Void) {
        walk(record) { node in
            body(node)
            return false
        }
    }

    /// The node index of the first value this path reaches in `record`, in document order:
    /// the walk stops there (a `--where` test or a sort key reads one value per record, most
    /// often a member near the start of a record of many).
    public func firstMatch(in record: Record) -> Int? {
        var found: Int?
        walk(record) { node in
            found = node
            return true
        }
        return found
    }

    /// Walks to each value this path reaches, in document order, until `stop` returns true.
    private func walk(_ record: Record, _ stop: (Int) -> Bool) {
        record.batch.bytes.withUnsafeBufferPointer { bytes in
            record.batch.nodes.withNodes { nodes in
                _ = visit(record.root, depth: 0, nodes: nodes, bytes: bytes, stop)
            }
        }
    }

    /// Whether the walk stopped.
    private func visit(
        _ index: Int, depth: Int, nodes: NodeTape, bytes: UnsafeBufferPointer<UInt8>, _ stop: (Int) -> Bool
    ) -> Bool {
        guard depth < components.count else { return stop(index) }
        let kind = nodes[index].kind
        switch components[depth] {
        case .key:
            guard kind == .object else { return false }
            let name = keyBytes[depth]
            // Key after key in a loop of its own: run for every record a `--date` rule reaches.
            var key = index + 1
            let end = key + nodes[index].size
            while key < end {
                let next = key + 1 + nodes[key + 1].span
                if nodes[key].spells(name, in: bytes.baseAddress!)
                    && visit(key + 1, depth: depth + 1, nodes: nodes, bytes: bytes, stop)
                {
                    return true
                }
                key = next
            }
            return false
        case .everyElement:
            guard kind == .array else { return false }
            for element in JSONNode.children(of: index, in: nodes)
            where visit(element, depth: depth + 1, nodes: nodes, bytes: bytes, stop) {
                return true
            }
            return false
        case .element(let wanted):
            guard kind == .array else { return false }
            for (position, element) in JSONNode.children(of: index, in: nodes).enumerated() where position == wanted {
                return visit(element, depth: depth + 1, nodes: nodes, bytes: bytes, stop)
            }
            return false
        }
    }
}
