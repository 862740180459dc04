import Testing

@testable import CodableParsing

/// The fast path reads a plain decimal to the same bits as `Double(String)`, and leaves every
/// token it cannot read exactly to the slow path.
@Suite struct ExactDecimalTests {
    func read(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { ExactDecimal.double($0) }
    }

    @Test func plainDecimalsReadAsStrtodReadsThem() {
        var generator = SystemRandomNumberGenerator()
        var fast = 0
        for _ in 0..<40_000 {
            let digits = Int.random(in: 1...17, using: &generator)
            var text = String((0..<digits).map { _ in "0123456789".randomElement(using: &generator)! })
            if Bool.random(using: &generator) {
                text.insert(".", at: text.index(text.startIndex, offsetBy: Int.random(in: 1...digits)))
            }
            if text.hasSuffix(".") { text += "5" }
            if Bool.random(using: &generator) { text = "-" + text }
            guard let value = read(text) else { continue }
            fast += 1
            #expect(value.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
        #expect(fast > 10_000)
    }

    @Test func leadingZerosAreNotSignificant() {
        for text in ["0.000000000000000001234", "-0.0000000000000000000001", "0.123456789012345", "-0.0"] {
            #expect(read(text)?.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }

    @Test func whatItCannotReadExactlyTakesTheSlowPath() {
        for text in [
            "1e3", "1.5E-2", "12345678901234567", "0.1234567890123456", "1.000000000000000",
            "0.00000000000000000000001",
        ] {
            #expect(read(text) == nil, "\(text)")
        }
    }
}
