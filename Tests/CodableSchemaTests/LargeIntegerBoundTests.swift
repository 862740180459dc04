import CodableSchema
import Testing

/// Bounds and instances of 19 digits compare exactly (the fast path reads 18 digits at most:
/// 9223372036854775808 does not fit in 64 bits).
@Suite struct LargeIntegerBoundTests {
    @Test func nineteenDigitInstancesAboveInt64MaxExceedTheMaximum() throws {
        let schema = #"{"maximum": 9223372036854775807, "minimum": -9223372036854775808}"#
        #expect(try violations(schema, "9223372036854775807").isEmpty)
        #expect(try violations(schema, "-9223372036854775808").isEmpty)
        #expect(try violations(schema, "9223372036854775808").count == 1)
        #expect(try violations(schema, "9999999999999999999").count == 1)
        #expect(try violations(schema, "-9223372036854775809").count == 1)
    }

    @Test func nineteenDigitMultiplesAreExact() throws {
        #expect(try violations(#"{"multipleOf": 7}"#, "9999999999999999999").count == 1)
        #expect(try violations(#"{"multipleOf": 3}"#, "9999999999999999999").isEmpty)
    }
}
