/// Reading a small document's nodes by name: a config file, a schema, a page's `$schema`. Not
/// for the per-record path, which walks the tape itself.
extension RecordBatch {
    /// The text of the string node at `node` (a member's key, or a string value).
    public func string(at node: Int) -> String {
        bytes.withUnsafeBufferPointer { nodes[node].stringValue(in: $0.baseAddress!) }
    }

    /// The value node of member `key` of the object at `object` (the last, when the key
    /// repeats, as `JSONDecoder` reads it); nil when there is none or `object` is no object.
    public func member(_ key: String, of object: Int) -> Int? {
        guard nodes[object].kind == .object else { return nil }
        var found: Int?
        for child in nodes.children(of: object) where string(at: child) == key { found = child + 1 }
        return found
    }

    /// The value of member `key` of the object at `object` when it is a string.
    public func stringMember(_ key: String, of object: Int) -> String? {
        guard let value = member(key, of: object), nodes[value].kind == .string else { return nil }
        return string(at: value)
    }
}
