import CodableDates
import Foundation

// Measures ISO-8601 parses and formats per second on one core. Run in release:
//   swift run -c release codable-date-bench [count]
let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 2_000_000
nonisolated(unsafe) var rng = UInt64(0x5EED)  // single-threaded benchmark
func next() -> UInt64 {
    rng &+= 0x9E37_79B9_7F4A_7C15
    var z = rng
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}
let zones = ["Z", "+01:00", "-05:30", "+0200", "z"]
let fractions = ["", ".5", ".123", ".123456"]
let inputs: [String] = (0..<10_000).map { _ in
    let t = Double(next() % 3_000_000_000) - 1_000_000_000
    let base = ISO8601Formatter.string(fromInterval: t)!.dropLast()
    return base + fractions[Int(next() % 4)] + zones[Int(next() % 5)]
}

func measure(_ label: String, _ body: () -> Int) {
    let start = ContinuousClock.now
    let checksum = body()
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let rate = Double(count) / seconds
    print(
        "\(label): \(count) in \(String(format: "%.3f", seconds)) s = "
            + "\(String(format: "%.2f", rate / 1e6)) M/s (checksum \(checksum))")
}

measure("ISO-8601 parse (String)") {
    var accepted = 0
    for i in 0..<count where ISO8601Parser.parse(inputs[i % inputs.count]) != nil { accepted += 1 }
    return accepted
}
let byteInputs = inputs.map { Array($0.utf8) }
measure("ISO-8601 parse (bytes)") {
    var sum = 0.0
    for i in 0..<count {
        sum += byteInputs[i % byteInputs.count].withUnsafeBufferPointer { ISO8601Parser.parseInterval($0) ?? 0 }
    }
    return Int(sum.truncatingRemainder(dividingBy: 1e9))
}
measure("ISO-8601 format") {
    var length = 0
    for i in 0..<count {
        length += ISO8601Formatter.string(fromInterval: Double(i) * 1_000.25)?.utf8.count ?? 0
    }
    return length
}
