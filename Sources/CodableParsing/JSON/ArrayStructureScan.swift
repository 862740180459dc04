import CSupport

/// A structural pre-scan of JSON text inside a top-level array: it follows strings (and the
/// escapes in them) and the nesting of brackets, and finds the commas that separate the array's
/// elements, without checking anything else. It only proposes places to cut: whoever scans the
/// pieces checks them, and on any doubt falls back to reading the input in order.
///
/// The scan is CSupport's `codable_array_structure_scan`: 64 bytes at a time, through bit masks
/// (SIMD compares where the target has them), at about a fifth of a byte-by-byte scan's cost.
struct ArrayStructureScan {
    private var state = codable_array_scan_state(depth: 1, in_string: 0, escaped: 0)

    /// Inside a string.
    var inString: Bool { state.in_string != 0 }
    /// How many brackets are open: 1 inside the top-level array, 0 once it closed.
    var depth: Int { state.depth }

    /// Scans `bytes[from..<to]` (the bytes right after those scanned before) and moves
    /// `lastSeparator` to the last comma among them that separates two elements of the
    /// top-level array. Returns the index of the `]` or `}` that brings the depth to 0 (the
    /// array's end, or a stray bracket), where the scan stops; nil when it went to `to`.
    mutating func scan(_ bytes: UnsafePointer<UInt8>, from: Int, to: Int, lastSeparator: inout Int?) -> Int? {
        guard from < to else { return nil }
        var separator = lastSeparator ?? -1
        let closed = codable_array_structure_scan(&state, bytes, from, to, &separator)
        if separator >= 0 { lastSeparator = separator }
        return closed >= 0 ? closed : nil
    }
}
