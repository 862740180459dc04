/// Ids (key nodes, most often) in the order an object's members are written, four bytes each: a
/// record's node numbers are below 2^27 (`JSONNode.maxValues`), counted from a base.
public struct KeyList: RandomAccessCollection, Sendable {
    private var ids: [UInt32]
    private let base: Int

    /// The ids `ids` (each less `base`), in order.
    public init(_ ids: [UInt32], base: Int) {
        self.ids = ids
        self.base = base
    }

    /// The ids `ids`, in order (the members an edit picks, say).
    public init(_ ids: [Int]) {
        let base = ids.min() ?? 0
        self.init(ids.map { UInt32(truncatingIfNeeded: $0 - base) }, base: base)
    }

    /// Always 0.
    public var startIndex: Int { 0 }
    /// The number of ids.
    public var endIndex: Int { ids.count }

    /// The id at `position`.
    public subscript(position: Int) -> Int { base + Int(ids[position]) }

    /// Removes the last id and returns it; nil when none is left.
    public mutating func popLast() -> Int? {
        ids.popLast().map { base + Int($0) }
    }
}
