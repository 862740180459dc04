/// Reads records that sit in an array inside each value of a JSON input, as in a page envelope
/// (`{"page":1,"items":[…],"next":…}`, items path `items`): walks each value down a path of keys to
/// the array and hands on its elements one at a time as they are scanned, skipping the value's
/// other members. So an envelope of any size is read in the memory of its largest element.
///
/// The values are the one value of a JSON text, the elements of a top-level array, a stream of
/// values, or a json-seq. Coding paths number them (`$[1].items[0]`), except the first value of
/// a stream, which is `$` (it may be the only one, as in a page read from stdin).
struct EnvelopeWalker {
    /// What one step found.
    enum Step {
        /// An element of an items array, its root node at this index.
        case record(Int)
        /// The buffer ends inside what comes next, and more input may follow.
        case needMore
        /// Something was read; step again.
        case again
        /// A value (an envelope) begins at this offset.
        case envelopeBegins(Int)
        /// The input ended.
        case end
        /// A value has no array at the path, or a value there that is not an array. The offset is
        /// the value's (nil: the whole envelope, which began at the last `envelopeBegins`).
        case problem(message: String, codingPath: String, offset: Int?)
    }

    /// The path's keys, as written, and as UTF-8.
    let keys: [String]
    private let keyBytes: [[UInt8]]
    /// The keys as a coding path goes on with them: `.data.items`.
    private let keysPath: String
    /// The path as the user wrote it, for messages.
    let pathText: String
    /// How the input's values come: one JSON text (trailing values are an error), a stream of
    /// values, or a json-seq (RFC 7464: each value after an RS byte, and numbered from the first).
    var framing = InputFraming.jsonStream

    private enum State: Equatable {
        case beforeValue, objectStart, nextMember, afterMember
        /// In the items array, or in a top-level array of envelopes.
        case items(ArrayCursor)
        case outer(ArrayCursor)
        case afterValue
    }

    private var state = State.beforeValue
    /// Objects open on the path (the envelope itself is the first).
    private var openObjects = 0
    /// The current envelope's items array was found (later members with its name are skipped).
    private var itemsFound = false
    /// Values (envelopes) begun so far.
    private(set) var envelopeCount = 0
    /// The values are the elements of a top-level array.
    private var insideOuterArray = false
    /// Elements of the current items array handed on so far (the next one's position).
    private(set) var elementIndex = 0

    /// A walker for the path of keys `keys` (written as `pathText`).
    init(keys: [String], pathText: String) {
        self.keys = keys
        self.keyBytes = keys.map { Array($0.utf8) }
        self.keysPath = keys.map(CodingPath.component).joined()
        self.pathText = pathText
    }

    /// The coding path of the current envelope: `$[N]`, or `$` for the first value of a JSON
    /// text or a stream (the only one, as far as is known when its records go out).
    var envelopePath: String {
        insideOuterArray || framing == .jsonSeq || envelopeCount > 1 ? "$[\(envelopeCount - 1)]" : "$"
    }

    /// The coding path of the current items array: `$.items`, `$[1].data.items`.
    var itemsPath: String { envelopePath + keysPath }

    /// One step over `base[position..<count]`; `isFinal`: no input follows `count`.
    mutating func step(
        _ base: UnsafePointer<UInt8>, _ count: Int, position: inout Int, isFinal: Bool,
        scanner: inout JSONScanner, nodes: NodeBuffer
    ) throws(JSONSyntaxError) -> Step {
        var start = scanner.skipWhitespace(base, from: position, end: count)
        if framing == .jsonSeq && (state == .beforeValue || state == .afterValue) {
            while start < count && base[start] == 0x1E {
                start = scanner.skipWhitespace(base, from: start + 1, end: count)
            }
        }
        if start == count && !isFinal { return .needMore }
        switch state {
        case .beforeValue:
            position = start
            guard start < count else {
                guard envelopeCount == 0 else { return .end }
                if framing == .json { throw JSONSyntaxError(.empty, at: start) }
                return .problem(message: ItemsMessage.noValue(path: pathText), codingPath: "$", offset: start)
            }
            if envelopeCount == 0 && framing == .json && base[start] == UInt8(ascii: "[") {
                insideOuterArray = true
                position = start + 1
                state = .outer(.first)
                return .again
            }
            return try beginEnvelope(
                base, count, at: start, position: &position, isFinal: isFinal, scanner: &scanner, nodes: nodes)
        case .outer(var cursor):
            let next = try scanner.continueArray(
                base, at: start, end: count, position: &position, cursor: &cursor, isFinal: isFinal)
            state = .outer(cursor)
            switch next {
            case .needMore: return .needMore
            case .closed:
                state = .afterValue
                return .again
            case .element:
                let element = position
                return try beginEnvelope(
                    base, count, at: element, position: &position, isFinal: isFinal, scanner: &scanner, nodes: nodes)
            }
        case .objectStart, .nextMember:
            guard start < count else {
                throw JSONSyntaxError(
                    .unexpectedEnd(expected: state == .objectStart ? "a string key or '}'" : "a string key"), at: start)
            }
            if state == .objectStart && base[start] == UInt8(ascii: "}") {
                position = start + 1
                return closeObject()
            }
            return try member(
                base, count, at: start, position: &position, isFinal: isFinal, scanner: &scanner, nodes: nodes)
        case .afterMember:
            guard start < count else { throw JSONSyntaxError(.unexpectedEnd(expected: "',' or '}'"), at: start) }
            switch base[start] {
            case UInt8(ascii: ","):
                position = start + 1
                state = .nextMember
                return .again
            case UInt8(ascii: "}"):
                position = start + 1
                return closeObject()
            default:
                throw JSONSyntaxError(.unexpectedByte(base[start], expected: "',' or '}'"), at: start)
            }
        case .items(var cursor):
            let enclosing = openObjects + 1 + (insideOuterArray ? 1 : 0)
            let step = try scanner.nextArrayElement(
                base, at: start, end: count, position: &position, cursor: &cursor, isFinal: isFinal, depth: enclosing,
                into: nodes)
            state = .items(cursor)
            switch step {
            case .needMore: return .needMore
            case .closed:
                state = .afterMember
                return .again
            case .element(let root):
                elementIndex += 1
                return .record(root)
            }
        case .afterValue:
            position = start
            guard start < count else { return .end }
            if framing == .json {
                throw JSONSyntaxError(
                    .secondValue(base[start]), at: start)
            }
            return try beginEnvelope(
                base, count, at: start, position: &position, isFinal: isFinal, scanner: &scanner, nodes: nodes)
        }
    }

    /// The first byte of an envelope at `start`: an object is walked; any other value is read
    /// whole, and has no array at the path.
    private mutating func beginEnvelope(
        _ base: UnsafePointer<UInt8>, _ count: Int, at start: Int, position: inout Int, isFinal: Bool,
        scanner: inout JSONScanner, nodes: NodeBuffer
    ) throws(JSONSyntaxError) -> Step {
        let depth = insideOuterArray ? 1 : 0
        if base[start] != UInt8(ascii: "{") {
            let mark = nodes.count
            guard
                let end = try scanner.scanValueIfComplete(
                    in: base, from: start, end: count, isFinal: isFinal, depth: depth, into: nodes)
            else { return .needMore }
            nodes.truncate(to: mark)
            envelopeCount += 1
            position = end
            state = insideOuterArray ? .outer(.afterElement) : .afterValue
            return .problem(message: ItemsMessage.noArray(path: pathText), codingPath: envelopePath, offset: start)
        }
        guard depth < scanner.maxDepth else { throw JSONSyntaxError(.tooDeep(limit: scanner.maxDepth), at: start) }
        envelopeCount += 1
        openObjects = 1
        itemsFound = false
        elementIndex = 0
        position = start + 1
        state = .objectStart
        return .envelopeBegins(start)
    }

    /// A member of an object on the path, its key at `start`: the items array is entered, an
    /// object on the path is walked into, anything else is skipped.
    private mutating func member(
        _ base: UnsafePointer<UInt8>, _ count: Int, at start: Int, position: inout Int, isFinal: Bool,
        scanner: inout JSONScanner, nodes: NodeBuffer
    ) throws(JSONSyntaxError) -> Step {
        guard base[start] == UInt8(ascii: "\"") else {
            throw JSONSyntaxError(
                .unexpectedByte(base[start], expected: state == .objectStart ? "a string key or '}'" : "a string key"),
                at: start)
        }
        let mark = nodes.count
        defer { nodes.truncate(to: mark) }
        guard
            let keyEnd = try scanner.scanValueIfComplete(
                in: base, from: start, end: count, isFinal: isFinal, depth: 0, into: nodes)
        else { return .needMore }
        let colon = scanner.skipWhitespace(base, from: keyEnd, end: count)
        if colon == count && !isFinal { return .needMore }
        guard colon < count else { throw JSONSyntaxError(.unexpectedEnd(expected: "':'"), at: colon) }
        guard base[colon] == UInt8(ascii: ":") else {
            throw JSONSyntaxError(.unexpectedByte(base[colon], expected: "':' after the key"), at: colon)
        }
        let valueStart = scanner.skipWhitespace(base, from: colon + 1, end: count)
        if valueStart == count && !isFinal { return .needMore }
        guard valueStart < count else { throw JSONSyntaxError(.unexpectedEnd(expected: "a value"), at: valueStart) }

        let enclosing = openObjects + (insideOuterArray ? 1 : 0)
        let isOnPath = !itemsFound && nodes[mark].spells(keyBytes[openObjects - 1], in: base)
        let isItems = isOnPath && openObjects == keys.count
        if isOnPath && base[valueStart] == (isItems ? UInt8(ascii: "[") : UInt8(ascii: "{")) {
            guard enclosing < scanner.maxDepth else {
                throw JSONSyntaxError(.tooDeep(limit: scanner.maxDepth), at: valueStart)
            }
            position = valueStart + 1
            if isItems {
                itemsFound = true
                state = .items(.first)
            } else {
                openObjects += 1
                state = .objectStart
            }
            return .again
        }
        let valueNode = nodes.count
        guard
            let end = try scanner.scanValueIfComplete(
                in: base, from: valueStart, end: count, isFinal: isFinal, depth: enclosing, into: nodes)
        else { return .needMore }
        position = end
        state = .afterMember
        if isItems {
            itemsFound = true
            let kind = nodes[valueNode].kind
            return .problem(
                message: ItemsMessage.notAnArray(path: pathText, found: kind), codingPath: itemsPath, offset: valueStart
            )
        }
        return .again
    }

    /// A `}` closed the innermost open object: the walk goes on in its parent, or the envelope
    /// ends (and, without an items array, is a problem).
    private mutating func closeObject() -> Step {
        openObjects -= 1
        state = .afterMember
        guard openObjects == 0 else { return .again }
        state = insideOuterArray ? .outer(.afterElement) : .afterValue
        guard itemsFound else {
            return .problem(message: ItemsMessage.noArray(path: pathText), codingPath: envelopePath, offset: nil)
        }
        return .again
    }
}
