/// The columns of a CSV output: dotted field names (`owner.email`), in header order, with a
/// fast check for "is this path the column I expect next" and a table for the rest.
struct CSVColumns {
    /// The names as UTF-8, in order.
    private(set) var names: [[UInt8]] = []
    private var indexByName: [[UInt8]: Int] = [:]

    /// Number of columns.
    var count: Int { names.count }

    /// Adds a column; false when the name is already one.
    @discardableResult
    mutating func append(_ name: [UInt8]) -> Bool {
        guard indexByName[name] == nil else { return false }
        indexByName[name] = names.count
        names.append(name)
        return true
    }

    /// Sorts the columns by the code points of their names.
    mutating func sort() {
        names.sort { $0.lexicographicallyPrecedes($1) }
        indexByName = [:]
        for (index, name) in names.enumerated() { indexByName[name] = index }
    }

    /// The column named `path[0..<count]`, or -1. `guess` is tried first (records usually
    /// hold their fields in header order), without hashing.
    @inline(__always)
    func index(of path: UnsafePointer<UInt8>, count: Int, guess: Int) -> Int {
        if guess < names.count {
            let matches = names[guess].withUnsafeBufferPointer { name in
                name.count == count && (count == 0 || memoryEqual(name.baseAddress!, path, count))
            }
            if matches { return guess }
        }
        return indexByName[Array(UnsafeBufferPointer(start: path, count: count))] ?? -1
    }
}

/// `memcmp(a, b, count) == 0`, without Foundation.
@inline(__always)
func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var index = 0
    while index &+ 8 <= count {
        if UnsafeRawPointer(a + index).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self) { return false }
        index &+= 8
    }
    while index < count {
        if a[index] != b[index] { return false }
        index &+= 1
    }
    return true
}
