/// How an array read one element at a time goes on at a byte: it closes, or its next element
/// starts there, or the buffer ends before that is known.
enum ArrayContinuation {
    /// `]`: the array closed; reading goes on after it.
    case close(after: Int)
    /// The next element's first byte.
    case element(at: Int)
    /// The buffer ends after a `,`, and more input may follow.
    case needMore
}

extension JSONScanner {
    /// Where an array read one element at a time goes on from `start` (whitespace skipped):
    /// `]`, or (after a `,` unless it is the first) the next element. Anything else, or the
    /// input's end, is an error at its place.
    func continueArray(_ base: UnsafePointer<UInt8>, at start: Int, end count: Int, first: Bool, isFinal: Bool) throws(JSONSyntaxError) -> ArrayContinuation {
        guard start < count else {
            throw JSONSyntaxError(.unexpectedEnd(expected: first ? "a value or ']'" : "',' or ']'"), at: start)
        }
        if base[start] == UInt8(ascii: "]") { return .close(after: start + 1) }
        if first { return .element(at: start) }
        guard base[start] == UInt8(ascii: ",") else {
            throw JSONSyntaxError(.unexpectedByte(base[start], expected: "',' or ']'"), at: start)
        }
        let element = skipWhitespace(base, from: start + 1, end: count)
        guard element < count else {
            if !isFinal { return .needMore }
            throw JSONSyntaxError(.unexpectedEnd(expected: "a value"), at: element)
        }
        return .element(at: element)
    }
}
