/// Where reading an array one element at a time stands: before its first element, after an
/// element, or after the `,` that follows one (consumed, so that the whitespace after it need
/// not be kept while the next element has not come yet).
enum ArrayCursor: Equatable {
    case first, afterElement, afterComma
}

/// How an array read one element at a time goes on: it closed, or its next element starts at
/// the position, or the buffer ends before that is known.
enum ArrayContinuation {
    case closed, element, needMore
}

/// What reading the next element of an array, one element at a time, found.
enum ArrayStep {
    /// The next element, scanned: its root node.
    case element(root: Int)
    /// `]`: the array closed.
    case closed
    /// The buffer ends before the next element is whole, and more input may follow.
    case needMore
}

extension JSONScanner {
    /// Reads on in an array from `start` (whitespace skipped; the buffer's end only if
    /// `isFinal`) to its `]` (`position` after it) or, past the `,` that follows an element,
    /// to the next element's first byte (`position` there). `position` and `cursor` move past
    /// what was read, so that a step that needs more input goes on from there. Anything else, or
    /// the input's end, is an error at its place.
    func continueArray(
        _ base: UnsafePointer<UInt8>, at start: Int, end count: Int, position: inout Int, cursor: inout ArrayCursor,
        isFinal: Bool
    ) throws(JSONSyntaxError) -> ArrayContinuation {
        var at = start
        if cursor == .afterElement {
            guard at < count else { throw JSONSyntaxError(.unexpectedEnd(expected: "',' or ']'"), at: at) }
            if base[at] == UInt8(ascii: "]") {
                position = at + 1
                return .closed
            }
            guard base[at] == UInt8(ascii: ",") else {
                throw JSONSyntaxError(.unexpectedByte(base[at], expected: "',' or ']'"), at: at)
            }
            cursor = .afterComma
            at = skipWhitespace(base, from: at + 1, end: count)
            if at == count && !isFinal {
                position = at
                return .needMore
            }
        }
        guard at < count else {
            throw JSONSyntaxError(.unexpectedEnd(expected: cursor == .first ? "a value or ']'" : "a value"), at: at)
        }
        if cursor == .first && base[at] == UInt8(ascii: "]") {
            position = at + 1
            return .closed
        }
        position = at
        return .element
    }

    /// `continueArray`, then the element scanned at `depth`: once whole, `position` is after it
    /// and `cursor` after an element.
    mutating func nextArrayElement(
        _ base: UnsafePointer<UInt8>, at start: Int, end count: Int, position: inout Int, cursor: inout ArrayCursor,
        isFinal: Bool, depth: Int, into nodes: NodeBuffer
    ) throws(JSONSyntaxError) -> ArrayStep {
        switch try continueArray(base, at: start, end: count, position: &position, cursor: &cursor, isFinal: isFinal) {
        case .closed: return .closed
        case .needMore: return .needMore
        case .element:
            let root = nodes.count
            guard
                let end = try scanValueIfComplete(
                    in: base, from: position, end: count, isFinal: isFinal, depth: depth, into: nodes)
            else { return .needMore }
            position = end
            cursor = .afterElement
            return .element(root: root)
        }
    }
}
