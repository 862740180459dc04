/// A growable stack of plain values on raw memory, for the evaluator's paths: pushing and
/// popping cost no uniqueness check and no reference counting. The owner calls `free()`.
struct EvaluationStack<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 32) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    @inline(__always)
    mutating func push(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    mutating func pop() {
        count -= 1
    }

    @inline(__always)
    var last: Element? { count > 0 ? base[count - 1] : nil }

    /// The elements, bottom first.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    func free() { base.deallocate() }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity *= 2
    }
}
