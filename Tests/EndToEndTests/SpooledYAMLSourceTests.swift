import CodablePipeline
import CodableYAML
import Foundation
import SystemPackage
import Testing

@testable import CodableCommands

/// The source a YAML pipe is read through: whatever the read sizes and whenever the question
/// comes (before the first read, in the middle, after the end), the reader gets every byte in
/// order, and the answer is the one a scan of the whole input gives.
@Suite struct SpooledYAMLSourceTests {
    /// About 1.4 MB of items: more than one read-ahead chunk (1 MiB).
    static let items = (0..<32_000).map { "- {id: \($0), name: user\($0)}\n" }.joined()

    static let inputs: [String] = [
        items,
        "---\n" + items,
        items + "---\n- last\n",
        String(items.prefix(700_000)) + "\n---\n" + String(items.dropFirst(700_000)),
        items + "...\n# the end\n",
        items + "...\nkey: value\n",
        items.replacing("\n", with: "\r\n"),
        "- a\n---\n- b\n",
    ]

    @Test(arguments: [1000, 65_536, (1 << 20) + 7])
    func everyByteInOrderAndTheWholeInputsAnswer(pieceSize: Int) throws {
        for (index, input) in Self.inputs.enumerated() {
            let bytes = Array(input.utf8)
            var scan = YAMLDocumentCountScan()
            bytes.withUnsafeBufferPointer { scan.scan($0) }
            scan.finish()
            for askAfter in [0, 1, 5, Int.max] {
                let (read, answer) = try Self.readThroughPipe(bytes, pieceSize: pieceSize, askAfter: askAfter)
                let same = read == bytes  // not compared in the expectation, which would print every byte
                #expect(
                    same,
                    "input \(index), pieces of \(pieceSize), asked after \(askAfter) reads: \(read.count) bytes of \(bytes.count)"
                )
                #expect(
                    answer == !scan.mayHoldSeveralDocuments,
                    "input \(index), pieces of \(pieceSize), asked after \(askAfter) reads")
            }
        }
    }

    /// A root that is not a sequence: the answer is no at once, nothing is read ahead (the
    /// bytes still come in order) and the scan stops.
    @Test func aRootThatIsNotASequenceEndsTheScan() throws {
        let bytes = Array(("a: 1\n" + Self.items).utf8)
        let (read, answer) = try Self.readThroughPipe(bytes, pieceSize: 65_536, askAfter: 1, rootIsSequence: false)
        let same = read == bytes
        #expect(same, "\(read.count) bytes of \(bytes.count)")
        #expect(answer == false)
    }

    /// Reads `bytes`, written into a pipe by another thread, through a `SpooledYAMLSource` in
    /// pieces of `pieceSize`, asking whether it holds one document at most before read number
    /// `askAfter` (or after the end).
    static func readThroughPipe(_ bytes: [UInt8], pieceSize: Int, askAfter: Int, rootIsSequence: Bool = true) throws
        -> (read: [UInt8], answer: Bool)
    {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        let writer = Thread {
            _ = try? writeEnd.writeAll(bytes)
            try? writeEnd.close()
        }
        writer.start()
        let source = SpooledYAMLSource(stream: FileByteSource(descriptor: readEnd, closeWhenDone: true))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pieceSize, alignment: 1)
        defer { buffer.deallocate() }
        var read: [UInt8] = []
        var answer: Bool?
        var reads = 0
        while true {
            if reads == askAfter { answer = source.holdsOneDocumentAtMost(rootIsSequence: rootIsSequence) }
            let count = try source.read(into: buffer)
            reads += 1
            guard count > 0 else { break }
            read.append(contentsOf: buffer[..<count])
        }
        let late = source.holdsOneDocumentAtMost(rootIsSequence: rootIsSequence)
        if let answer { #expect(late == answer, "asked again, the answer changed") }
        return (read, answer ?? late)
    }
}
