import Foundation

// The peer of `codable decode` in Scripts/bench.sh: every JSON Lines record of the file named
// by the first argument decoded with JSONDecoder into `Record` (Record.swift) and written back
// with JSONEncoder (ISO-8601 dates, as codable's default output), one per line, to stdout.

guard CommandLine.arguments.count == 2, let input = FileManager.default.contents(atPath: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: jsondecoder-bench FILE.jsonl\n".utf8))
    exit(2)
}
let decoder = JSONDecoder()
let encoder = JSONEncoder()
encoder.dateEncodingStrategy = .iso8601
encoder.outputFormatting = [.withoutEscapingSlashes]
var output = Data()
output.reserveCapacity(1 << 22)
var failures = 0
input.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
    var start = 0
    let count = buffer.count
    while start < count {
        var end = start
        while end < count && buffer[end] != 0x0A { end += 1 }
        if end > start {
            let line = Data(buffer[start..<end])
            do {
                let record = try decoder.decode(Record.self, from: line)
                output.append(try encoder.encode(record))
                output.append(0x0A)
            } catch {
                failures += 1
            }
            if output.count >= 1 << 22 {
                FileHandle.standardOutput.write(output)
                output.removeAll(keepingCapacity: true)
            }
        }
        start = end + 1
    }
}
FileHandle.standardOutput.write(output)
if failures > 0 {
    FileHandle.standardError.write(Data("\(failures) records failed to decode\n".utf8))
    exit(1)
}
