extension Array {
    /// The elements in document order: by the tape node `node` gives each (an earlier node
    /// starts earlier in its record), and, at one node, in the order they are in here. The
    /// checkers find problems in an order of their own (keyword by keyword, member by member);
    /// reports list them in document order, each node's problems in the order they were found.
    ///
    /// Inlinable, so that it is specialized where it is called, and the elements come back as
    /// they are when already in order (they mostly are): called once a record, sorting through
    /// unspecialized generic code would be a large share of validating with no problem limit where
    /// every record is bad.
    @inlinable
    public func inDocumentOrder(node: (Element) -> Int) -> [Element] {
        guard count > 1 else { return self }
        var previous = node(self[0])
        var isInOrder = true
        for element in dropFirst() {
            let current = node(element)
            if current < previous {
                isInOrder = false
                break
            }
            previous = current
        }
        if isInOrder { return self }
        return enumerated().sorted { (node($0.element), $0.offset) < (node($1.element), $1.offset) }.map(\.element)
    }
}
