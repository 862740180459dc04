/// The members or elements of one container that a `RecordEdit` keeps, in the order they are
/// written: an object's picked members in their order (or its sorted keys), else every member or
/// element in source order; dropped ones skipped. What `EditedRecordWalk` walks when a writer
/// applies an edit as it writes (`RecordFormatter.write(_:edit:)`).
public struct EditedMembers {
    /// The container is an object: members are handed out as their key nodes.
    public let isObject: Bool
    /// The node after the container's subtree.
    private let end: Int
    /// The next child node (a key, or an element) in source order.
    private var next: Int
    /// The key nodes of the members to write, in order, when not all are written in source
    /// order (picked members, or sorted keys); nil in source order.
    private let listed: KeyList?
    private var nextListed = 0

    /// The members of the container at `index` that `edit` keeps, in the order it writes them:
    /// with `sortingKeys`, an object's in code-point order of their (new) names
    /// (`RecordEdit.listedMembers`).
    public init(
        of index: Int, in nodes: NodeTape, bytes: UnsafePointer<UInt8>, edit: RecordEdit, sortingKeys: Bool = false
    ) {
        let node = nodes[index]
        isObject = node.kind == .object
        end = index + node.span
        next = index + 1
        listed = edit.listedMembers(of: index, sortingKeys: sortingKeys, nodes: nodes, bytes: bytes)
    }

    /// The next member left (its key node, or its element node), skipping dropped ones.
    public mutating func next(in nodes: NodeTape, dropped: NodeSet) -> Int? {
        if let listed {
            while nextListed < listed.count {
                let key = listed[nextListed]
                nextListed += 1
                if !dropped.contains(key + 1) { return key }
            }
            return nil
        }
        while next < end {
            let child = next
            let value = isObject ? child + 1 : child
            next = value + nodes[value].span
            if !dropped.contains(value) { return child }
        }
        return nil
    }
}
