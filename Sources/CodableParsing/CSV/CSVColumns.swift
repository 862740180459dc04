/// The columns of a CSV output: dotted field names (`owner.email`), in header order, with a
/// fast check for "is this path the column I expect next" and a hash table for the rest.
///
/// The names lie one after another in one byte array, and the table holds column numbers: a
/// column costs its name and about a dozen bytes. An array of names and a dictionary by name
/// would hold a record of many short keys, written as a row, several times over.
struct CSVColumns {
    /// Every name's UTF-8, one after another, in column order.
    private var bytes: [UInt8] = []
    /// Where each column's name starts in `bytes`, and where the last one ends: names take less
    /// than 4 GiB in all (`hasRoom(forNameOf:)`).
    private var starts: [UInt32] = [0]
    /// Open addressing, linear probing: a column's number plus one, 0 for a free slot; at most
    /// three quarters full. Its size is not rounded up to a power of two (a hash picks its slot
    /// by a multiplication, not a mask), so that the table of a record of very many keys takes
    /// the room it needs, not up to twice that.
    private var table: [Int32] = []
    /// The columns in header order, once sorted (`sort()`); nil: in the order they were added.
    private var order: [UInt32]?

    /// Number of columns.
    var count: Int { starts.count - 1 }

    /// The name of column `index`, as UTF-8.
    func name(_ index: Int) -> ArraySlice<UInt8> {
        bytes[Int(starts[index])..<Int(starts[index + 1])]
    }

    /// The most bytes the names may take: 4 GiB less one, as `starts` keeps them (less in tests).
    let nameByteLimit: Int

    /// No columns; their names may take up to `nameByteLimit` bytes (at most 4 GiB less one).
    init(nameByteLimit: Int = Int(UInt32.max)) {
        self.nameByteLimit = min(nameByteLimit, Int(UInt32.max))
    }

    /// Whether a column named with `length` bytes can be added: the names take less than 4 GiB
    /// (the nested keys of a record can make names that long, each repeating its objects' keys).
    func hasRoom(forNameOf length: Int) -> Bool {
        bytes.count + length <= nameByteLimit
    }

    /// Adds a column; false when the name is already one.
    @discardableResult
    mutating func append(_ name: [UInt8]) -> Bool {
        name.withUnsafeBufferPointer { append($0) }
    }

    /// Adds a column named `name` (UTF-8); false when the name is already one, or there is no
    /// room for it (`hasRoom(forNameOf:)`).
    @discardableResult
    mutating func append(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard hasRoom(forNameOf: name.count) else { return false }
        if table.isEmpty && count > 0 { rebuildTable() }  // let go by `sort()`
        if find(name.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: name.count) >= 0 { return false }
        add(name, tabled: true)
        return true
    }

    /// Adds a column named `name` (UTF-8) that the caller knows is not one yet (the fields of a
    /// record whose keys are distinct); false when there is no room for it. The table is not
    /// made for it: made when a name is looked up (`index(of:count:guess:)`) and the guess
    /// misses, which rows in the header's order never do: a wide row written in the header's
    /// order holds no table at all.
    @discardableResult
    mutating func appendDistinct(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard hasRoom(forNameOf: name.count) else { return false }
        add(name, tabled: !table.isEmpty)  // a table made already holds every column
        return true
    }

    /// Puts `name` after the last column; in the table too when `tabled` (made again, bigger,
    /// past three quarters full).
    private mutating func add(_ name: UnsafeBufferPointer<UInt8>, tabled: Bool) {
        bytes.append(contentsOf: name)
        starts.append(UInt32(bytes.count))
        guard tabled else { return }
        if 4 * count > 3 * table.count { rebuildTable() } else { insert(count - 1) }
    }

    /// Makes room for `columns` more columns whose names take about `nameBytes` bytes in all, so
    /// that adding them grows no array and rebuilds no table (growing, a wide row's columns
    /// would be held twice at each step); no table for names added by
    /// `appendDistinct` (`withTable: false`).
    mutating func reserve(columns: Int, nameBytes: Int, withTable: Bool = true) {
        bytes.reserveCapacity(bytes.count + nameBytes)
        starts.reserveCapacity(starts.count + columns)
        guard withTable || !table.isEmpty else { return }
        let size = max(16, table.count, (4 * (count + columns) + 2) / 3)
        guard size > table.count else { return }
        table = []
        table = [Int32](repeating: 0, count: size)
        for index in 0..<count { insert(index) }
    }

    /// Sorts the header by the code points of the columns' names (equal names cannot occur): the
    /// columns keep their numbers (a record's fields still come in their order, which `guess`
    /// follows), and `column(at:)` gives the header's order. A permutation of four bytes a
    /// column, not a sorted copy of the names and their starts, which would hold a wide
    /// header's names twice. The table is let go meanwhile, and made again only when a name is
    /// looked up (the fields of the record that made the header are found by `guess`, without
    /// it), so that a wide header is sorted without a table beside it.
    mutating func sort() {
        table = []
        var sorted = (0..<UInt32(count)).map { $0 }
        bytes.withUnsafeBufferPointer { bytes in
            sorted.sort { first, second in
                let firstName = UnsafeBufferPointer(
                    rebasing: bytes[Int(starts[Int(first)])..<Int(starts[Int(first) + 1])])
                let secondName = UnsafeBufferPointer(
                    rebasing: bytes[Int(starts[Int(second)])..<Int(starts[Int(second) + 1])])
                return firstName.lexicographicallyPrecedes(secondName)
            }
        }
        order = sorted
    }

    /// The column at `position` of the header: itself, unless the header is sorted.
    @inline(__always)
    func column(at position: Int) -> Int {
        guard let order else { return position }
        return Int(order[position])
    }

    /// The column named `path[0..<count]`, or -1. `guess` is tried first (records usually
    /// hold their fields in header order), without hashing.
    @inline(__always)
    mutating func index(of path: UnsafePointer<UInt8>, count: Int, guess: Int) -> Int {
        if guess < self.count && matches(guess, path, count) { return guess }
        if table.isEmpty && self.count > 0 { rebuildTable() }  // let go by `sort()`
        return find(path, count: count)
    }

    /// Whether column `index` is named `path[0..<count]`.
    @inline(__always)
    private func matches(_ index: Int, _ path: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let start = Int(starts[index])
        guard Int(starts[index + 1]) - start == count else { return false }
        return count == 0 || bytes.withUnsafeBufferPointer { memoryEqual($0.baseAddress! + start, path, count) }
    }

    /// The column named `path[0..<count]`, or -1, from the table.
    private func find(_ path: UnsafePointer<UInt8>, count: Int) -> Int {
        guard !table.isEmpty else { return -1 }
        var slot = slot(of: Self.hash(path, count))
        while true {
            let entry = Int(table[slot])
            if entry == 0 { return -1 }
            if matches(entry - 1, path, count) { return entry - 1 }
            slot = slot + 1 == table.count ? 0 : slot + 1
        }
    }

    /// The slot a hash starts looking at: in `0..<table.count`, by the high half of a product.
    @inline(__always)
    private func slot(of hash: Int) -> Int {
        Int(UInt64(UInt(bitPattern: hash)).multipliedFullWidth(by: UInt64(table.count)).high)
    }

    /// Puts column `index` into the table (which has room, and does not hold its name).
    private mutating func insert(_ index: Int) {
        let start = Int(starts[index])
        let length = Int(starts[index + 1]) - start
        let hash = bytes.withUnsafeBufferPointer { Self.hash($0.baseAddress! + start, length) }
        var slot = slot(of: hash)
        while table[slot] != 0 { slot = slot + 1 == table.count ? 0 : slot + 1 }
        table[slot] = Int32(truncatingIfNeeded: index + 1)
    }

    /// A table half full (16 slots at least), every column in it.
    private mutating func rebuildTable() {
        table = []
        table = [Int32](repeating: 0, count: max(16, 2 * count))
        for index in 0..<count { insert(index) }
    }

    @inline(__always)
    private static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(start: bytes, count: count))
        return hasher.finalize()
    }
}
