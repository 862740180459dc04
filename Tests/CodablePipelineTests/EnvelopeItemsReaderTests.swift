import CodableParsing
import Testing

@testable import CodablePipeline

/// `EnvelopeItemsReader`: the elements of each value's array, numbered across values, with a
/// value that has none reported after the records before it.
@Suite struct EnvelopeItemsReaderTests {
    func read(_ text: String, items: String = "data.items") -> (records: [String], error: String?) {
        let base = RecordReader(source: InMemoryByteSource(text), options: RecordReaderOptions(framing: .jsonStream))
        let reader = EnvelopeItemsReader(base, items: try! FieldPath(parsing: items))
        var records: [String] = []
        var writer = JSONWriter()
        do throws(RecordReadError) {
            while let batch = try reader.nextBatch() {
                for index in 0..<batch.count {
                    let out = OutputBuffer(capacity: 64)
                    writer.write(batch[index], to: out)
                    records.append(
                        "#\(batch.firstRecordIndex + index) \(batch.codingPath(ofNode: batch[index].root, inRecord: index)) \(out.text)"
                    )
                }
            }
            return (records, nil)
        } catch {
            guard case .invalidEnvelope(let message, let path, let location, _) = error else {
                return (records, "\(error)")
            }
            return (records, "\(location): \(message) at \(path)")
        }
    }

    @Test func recordsAreEachValuesArrayElementsNumberedAcrossValues() {
        let result = read(#"{"data":{"items":[1,2]}} {"data":{"items":[]}} {"data":{"items":[{"a":3}]}}"#)
        #expect(
            result.records == ["#0 $[0].data.items[0] 1", "#1 $[0].data.items[1] 2", "#2 $[2].data.items[0] {\"a\":3}"])
        #expect(result.error == nil)
    }

    @Test func aValueWithoutTheArrayComesAfterTheRecordsBeforeIt() {
        let result = read("{\"data\":{\"items\":[1]}}\n{\"data\":{\"items\":\"x\"}}\n{\"data\":{\"items\":[2]}}")
        #expect(result.records == ["#0 $[0].data.items[0] 1"])
        #expect(result.error == "2:18: 'data.items' is a string, not an array at $[1].data.items")
        #expect(read(#"{"data":{}}"#).error == "1:1: no 'data.items' array in this page value at $[0]")
        #expect(
            read("").error == "1:1: the page holds no value; expected one with an array at 'data.items' at $")
    }
}
