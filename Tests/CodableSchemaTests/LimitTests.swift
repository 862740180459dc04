import CodableParsing
import CodableSchema
import Foundation
import Testing

@Suite struct LimitTests {
    /// A record nested about as deep as the reader allows, against a recursive schema, on a
    /// thread with a task-sized stack (8 MiB), in a debug build: a violation at the bottom, no
    /// stack overflow.
    @Test func deepRecordsDoNotExhaustTheStack() throws {
        let depth = 500  // the reader allows 512 levels
        let record = String(repeating: #"{"next":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        let schema = ##"{"type": ["object", "string"], "properties": {"next": {"$ref": "#"}}}"##
        let compiled = try CompiledSchema(bytes: Array(schema.utf8), name: "schema.json", options: SchemaOptions())
        let batch = try recordBatch(record)
        nonisolated(unsafe) var found: [SchemaViolation] = []
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            found = compiled.validate(batch[0], limit: 10)
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        done.wait()
        #expect(found.count == 1)
        #expect(found.first?.message == "expected object or string, found number 1")
        #expect(found.first?.instancePath.count == depth * 5)
    }

    @Test func uniqueItemsOnLargeArrays() throws {
        let count = 50_000
        let numbers = (0..<count).map(String.init).joined(separator: ",")
        #expect(try violations(#"{"uniqueItems": true}"#, "[\(numbers)]").isEmpty)
        let repeated = try violations(#"{"uniqueItems": true}"#, "[\(numbers),1.0]")
        #expect(repeated.map(\.message) == ["item \(count) equals item 1; items must be unique"])
        // Of several equal pairs, the one whose later item comes first; its earlier item the
        // first equal one.
        let letters = (0..<20).map { "\"s\($0)\"" }.joined(separator: ",")
        let pairs = try violations(#"{"uniqueItems": true}"#, "[\(letters),\"s7\",\"s3\",\"s3\",\"s7\"]")
        #expect(pairs.map(\.message) == ["item 20 equals item 7; items must be unique"])
    }

    @Test func limitStopsEarly() throws {
        let items = Array(repeating: "\"x\"", count: 1000).joined(separator: ",")
        #expect(try violations(#"{"items": {"type": "number"}}"#, "[\(items)]", limit: 3).count == 3)
        #expect(try violations(#"{"items": {"type": "number"}}"#, "[\(items)]", limit: 0).isEmpty)
    }
}
