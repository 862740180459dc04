import Foundation

extension CodableBinary {
    /// Whether GNU time, which measures a run's peak memory, is here; when it is not, says that
    /// the test calling is skipped.
    static var measuresPeakMemory: Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            print("skipped: /usr/bin/time (GNU time) is absent")
            return false
        }
        return true
    }

    /// Runs `codable` under GNU time: its result and its peak resident memory, in kilobytes (nil
    /// when GNU time wrote no number).
    static func runMeasuringPeak(_ arguments: [String], stdin: Data? = nil) throws -> (
        result: Result, peakKilobytes: Int?
    ) {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let peakFile = directory.appendingPathComponent("peak")
        let result = try run(arguments, stdin: stdin, launcher: ["/usr/bin/time", "-f", "%M", "-o", peakFile.path])
        let report = (try? String(contentsOf: peakFile, encoding: .utf8)) ?? ""
        return (result, report.split(separator: "\n").last.flatMap { Int($0) })
    }
}
