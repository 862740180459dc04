extension Array {
    /// The elements in document order: by the tape node `node` gives each (an earlier node
    /// starts earlier in its record), and, at one node, in the order they are in here. The
    /// checkers find problems in an order of their own (keyword by keyword, member by member);
    /// reports list them in document order, each node's problems in the order they were found.
    public func inDocumentOrder(node: (Element) -> Int) -> [Element] {
        guard count > 1 else { return self }
        return enumerated().sorted { (node($0.element), $0.offset) < (node($1.element), $1.offset) }.map(\.element)
    }
}
