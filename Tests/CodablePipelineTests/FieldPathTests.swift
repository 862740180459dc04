import CodableParsing
import Testing

@testable import CodablePipeline

@Suite struct FieldPathTests {
    func matched(_ path: String, in text: String) throws -> [String] {
        let reader = RecordReader(source: InMemoryByteSource(text), options: RecordReaderOptions(framing: .jsonStream))
        let batch = try #require(try reader.nextBatch())
        return try FieldPath(parsing: path).matches(in: batch[0]).map { Record(batch: batch, root: $0).compactText }
    }

    @Test func pathsReachNestedValues() throws {
        let text =
            #"{"id":1,"owner":{"since":5},"events":[{"at":"a"},{"at":"b"},{"x":1}],"tags":["p","q"],"\u0069d2":7}"#
        #expect(try matched("id", in: text) == ["1"])
        #expect(try matched(".owner.since", in: text) == ["5"])
        #expect(try matched("$.owner.since", in: text) == ["5"])
        #expect(try matched("events[].at", in: text) == [#""a""#, #""b""#])
        #expect(try matched("tags[1]", in: text) == [#""q""#])
        #expect(try matched("id2", in: text) == ["7"])
        #expect(try matched("missing.deeper", in: text) == [])
        #expect(try matched("id[]", in: text) == [])
    }

    /// `firstMatch(in:)`, which stops at the first value, finds the first of `matches(in:)`:
    /// through duplicate keys (a first `a` that leads nowhere, a second that does), every
    /// element, one element, and paths that reach nothing.
    @Test func theFirstMatchIsTheFirstOfAllMatches() throws {
        let text = #"{"a":1,"a":{"b":2},"e":[{"x":0},{"at":"p"},{"at":"q"}],"t":["u","v"],"a":{"b":3}}"#
        let reader = RecordReader(source: InMemoryByteSource(text), options: RecordReaderOptions(framing: .jsonStream))
        let record = try #require(try reader.nextBatch())[0]
        for path in ["a", "a.b", "e[].at", "e[2].at", "t[1]", "t[5]", "e[].x", "missing", "a.b.c", "e.at"] {
            let parsed = try FieldPath(parsing: path)
            #expect(parsed.firstMatch(in: record) == parsed.matches(in: record).first, "\(path)")
        }
    }

    @Test func aDollarSignStartsAFieldNameUnlessAStepFollows() throws {
        let text = #"{"$oid":"x","$":{"a":2},"a":1}"#
        #expect(try matched("$oid", in: text) == [#""x""#])
        #expect(try matched("$.a", in: text) == ["1"])
        #expect(try matched("$$", in: text) == [])
        #expect(try FieldPath(parsing: "$oid").description == "$oid")
    }

    @Test func pathsPrintAsWritten() throws {
        #expect(try FieldPath(parsing: ".events[].at").description == "events[].at")
        #expect(try FieldPath(parsing: "a[2].b").description == "a[2].b")
    }

    @Test(arguments: [("", 1), ("a..b", 3), ("a.", 2), ("a[x]", 2), ("a[", 2)])
    func malformedPathsSayWhere(text: String, column: Int) {
        #expect(throws: FieldPath.ParseError.self) { try FieldPath(parsing: text) }
        do { _ = try FieldPath(parsing: text) } catch { #expect(error.column == column, "\(text)") }
    }
}
