import Foundation
import Testing

/// `--items` on one envelope (no `--next`): its records go out as they are read, so an envelope
/// of any size takes constant memory, and a slow producer's records are not held back.
@Suite struct ItemsStreamingTests {
    @Test func recordsOfAnEnvelopeGoOutBeforeItEnds() throws {
        let process = Process()
        process.executableURL = CodableBinary.url
        process.arguments = ["convert", "--items", "data.items", "--to", "jsonl"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // The envelope's first records, and its array still open: nothing more comes for now.
        input.fileHandleForWriting.write(Data(#"{"data":{"page":1,"items":[{"id":1},{"id":2},"#.utf8))
        let received = Locked(Data())
        let reader = Thread {
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                received.set(received.get() + chunk)
            }
        }
        reader.start()
        let deadline = Date().addingTimeInterval(20)
        while String(decoding: received.get(), as: UTF8.self) != "{\"id\":1}\n{\"id\":2}\n" && Date() < deadline {
            usleep(10_000)
        }
        #expect(
            String(decoding: received.get(), as: UTF8.self) == "{\"id\":1}\n{\"id\":2}\n",
            "the records were held back until the input ends")

        input.fileHandleForWriting.write(Data(#"{"id":3}]},"next":null}"#.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1_000) }
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: received.get(), as: UTF8.self) == "{\"id\":1}\n{\"id\":2}\n{\"id\":3}\n")
    }

    /// An envelope cut after each of its bytes: only the whole one succeeds; every cut is a
    /// located data error, and the records that went out before it are the first records of
    /// the whole envelope, whole and in order.
    @Test func anEnvelopeCutAnywhereGivesALocatedErrorAfterTheRecordsBeforeIt() throws {
        let envelope = Array(
            #"{"page":1,"skip":{"items":[0]},"items":[{"id":1,"n":"a,b"}, {"id":2} ,[3]],"next":null}"#.utf8)
        let whole = try CodableBinary.run(["convert", "--items", "items", "--to", "jsonl"], stdin: Data(envelope))
        #expect(whole.status == 0)
        let records = whole.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(records == [#"{"id":1,"n":"a,b"}"#, #"{"id":2}"#, "[3]"])
        for length in 0..<envelope.count {
            let result = try CodableBinary.run(
                ["convert", "--items", "items", "--to", "jsonl"], stdin: Data(envelope.prefix(length)))
            let name = "cut after \(length) bytes"
            #expect(result.status == 1, "\(name): status \(result.status)")
            #expect(
                result.stderr.firstMatch(of: #/^<stdin>:1:\d+: error: /#) != nil,
                "\(name): \(result.stderr.prefix(200))")
            let out = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(Array(out) == Array(records.prefix(out.count)), "\(name): \(result.stdout)")
        }
    }

    @Test func aLargeEnvelopeIsConvertedWholeAndInOrder() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("page.json")
        let count = 200_000
        let items = (0..<count).map { #"{"id":\#($0),"n":\#($0).50}"# }.joined(separator: ",")
        let text = #"{"page":1,"skipped":{"items":[0]},"items":["# + items + #"],"next":null}"#
        try text.write(to: file, atomically: true, encoding: .utf8)

        let result = try CodableBinary.run(["convert", "--items", "items", "--to", "jsonl", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == count)
        #expect(lines.first == #"{"id":0,"n":0.50}"#)
        #expect(lines.last == #"{"id":199999,"n":199999.50}"#)
        #expect(lines[123_456] == #"{"id":123456,"n":123456.50}"#)
    }
}
