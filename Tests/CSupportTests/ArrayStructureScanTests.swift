import CSupport
import Testing

/// `codable_array_structure_scan` (64 bytes a block, SSE2 on x86-64) and its portable variant
/// find what a byte-by-byte scan finds: the same closing bracket, the same last comma between
/// elements and the same state after, on JSON-like text full of strings, escapes (runs of
/// backslashes across block ends), nesting and non-ASCII bytes, cut into calls at any byte.
@Suite struct ArrayStructureScanTests {
    /// The byte-by-byte scan that the C one replaced: what it must agree with.
    struct ByteScan {
        var inString = false
        var escaped = false
        var depth = 1

        mutating func scan(_ bytes: [UInt8], from: Int, to: Int, lastSeparator: inout Int) -> Int {
            var index = from
            while index < to {
                let byte = bytes[index]
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    }
                    index += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return index }
                case UInt8(ascii: ","): if depth == 1 { lastSeparator = index }
                default: break
                }
                index += 1
            }
            return -1
        }
    }

    typealias Scan = (
        UnsafeMutablePointer<codable_array_scan_state>, UnsafePointer<UInt8>, Int, Int, UnsafeMutablePointer<Int>
    ) -> Int

    /// Valid JSON elements only: outside strings a backslash is malformed input, on which the
    /// scans may propose different cuts (the pieces' scans catch them).
    static func randomElements(_ generator: inout some RandomNumberGenerator, count: Int) -> [UInt8] {
        let strings = [
            #""a""#, #""\\""#, #""\"""#, #""\\\"""#, #""\\\\""#, #""x,y]}""#, #""[{""#, "\"é😀\"",
            #""\u0022""#, "\"" + String(repeating: "\\\\", count: 40) + "\"",
            "\"" + String(repeating: "lorem ipsum, ", count: 9) + "\"",
        ]
        func value(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 4 ? 3 : 6), using: &generator) {
            case 0: return strings.randomElement(using: &generator)!
            case 1: return ["1", "-2.5e3", "true", "null"].randomElement(using: &generator)!
            case 2: return String(repeating: " ", count: Int.random(in: 0...70, using: &generator)) + "0"
            case 3:
                let members = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    strings.randomElement(using: &generator)! + ":" + value(depth + 1)
                }
                return "{" + members.joined(separator: ",") + "}"
            default:
                let elements = (0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth + 1) }
                return "[" + elements.joined(separator: ", ") + "]"
            }
        }
        return Array(("[" + (0..<count).map { _ in value(0) }.joined(separator: ",\n") + "]").utf8)
    }

    @Test(arguments: [false, true])
    func blocksFindWhatBytesFind(portable: Bool) {
        let scan: Scan = portable ? codable_array_structure_scan_portable : codable_array_structure_scan
        var generator = SystemRandomNumberGenerator()
        var disagreements: [String] = []
        for round in 0..<300 {
            var bytes = Self.randomElements(&generator, count: Int.random(in: 0...30, using: &generator))
            if round % 5 == 0 { bytes += Array(" ,[1]".utf8) }  // past the end: a stray comma and array
            var calls = [1]  // after the `[`
            while calls.last! < bytes.count {
                calls.append(min(bytes.count, calls.last! + Int.random(in: 1...200, using: &generator)))
            }
            var reference = ByteScan()
            var state = codable_array_scan_state(depth: 1, in_string: 0, escaped: 0)
            var expectedSeparator = -1
            var separator = -1
            for (from, to) in zip(calls, calls.dropFirst()) {
                let expected = reference.scan(bytes, from: from, to: to, lastSeparator: &expectedSeparator)
                let found = bytes.withUnsafeBufferPointer { scan(&state, $0.baseAddress!, from, to, &separator) }
                if found != expected || separator != expectedSeparator {
                    disagreements.append(
                        "round \(round), \(from)..<\(to): closed \(found) for \(expected), separator \(separator) for \(expectedSeparator)"
                    )
                    break
                }
                if expected >= 0 { break }
                if state.depth != reference.depth || (state.in_string != 0) != reference.inString
                    || (reference.inString && (state.escaped != 0) != reference.escaped)
                {
                    disagreements.append("round \(round), after \(to): state \(state) for \(reference)")
                    break
                }
            }
        }
        #expect(disagreements.count == 0, "first ones: \(disagreements.prefix(5))")
    }
}
