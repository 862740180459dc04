/// Growable storage for the nodes of one batch, appended to by the scanner's hot loop.
///
/// A final class over raw memory rather than an `Array`, so that appending in the scanner costs
/// one capacity check and no uniqueness check.
public final class NodeBuffer: @unchecked Sendable {
    var storage: UnsafeMutablePointer<JSONNode>
    var capacity: Int
    /// Number of nodes stored.
    public private(set) var count: Int

    /// Creates an empty buffer with room for `capacity` nodes.
    public init(capacity: Int = 4096) {
        self.capacity = max(16, capacity)
        self.storage = .allocate(capacity: self.capacity)
        self.count = 0
    }

    deinit { storage.deallocate() }

    /// Appends a node and returns its index.
    @discardableResult
    func append(_ node: JSONNode) -> Int {
        if count == capacity { grow() }
        (storage + count).initialize(to: node)
        defer { count += 1 }
        return count
    }


    func grow() {
        let newCapacity = capacity * 2
        let newStorage = UnsafeMutablePointer<JSONNode>.allocate(capacity: newCapacity)
        newStorage.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    /// Drops every node from `newCount` on (used to undo a record that has to be scanned again).

    func truncate(to newCount: Int) {
        precondition(newCount <= count)
        count = newCount
    }

    /// The node at `index`.

    public subscript(index: Int) -> JSONNode {
        get {
            precondition(index >= 0 && index < count, "node index out of range")
            return storage[index]
        }
        set {
            precondition(index >= 0 && index < count, "node index out of range")
            storage[index] = newValue
        }
    }

    /// Read-only access to all stored nodes.

    public func withNodes<R>(_ body: (UnsafeBufferPointer<JSONNode>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage, count: count))
    }
}
