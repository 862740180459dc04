import CodableFuzzTargets
import Foundation
import Testing

/// Every input a fuzzer ever crashed on (`Tests/FuzzRegressions/TARGET/`) and every seed runs
/// through its target in each ordinary test run: a fixed bug stays fixed, and the targets'
/// invariants hold on real inputs even where libFuzzer is not installed.
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: FuzzTargets.all.map(\.name))
    func savedCrashesAndSeedsPass(_ name: String) async throws {
        let target = try #require(FuzzTargets.named(name))
        let regressions = files(in: "Tests/FuzzRegressions/\(name)")
        var seeds: [URL] = []
        for folder in target.seedFolders {
            let found = files(in: folder)
            if found.isEmpty && folder.hasPrefix("../shared") {
                print("FuzzRegressionTests: \(folder) is absent; its seeds are skipped")
            }
            seeds += found
        }
        let inputs = try (regressions + seeds.prefix(400)).map { try Data(contentsOf: $0) }.filter {
            $0.count <= 64 << 10
        }
        await Self.onAThreadOfItsOwn {
            for input in inputs { target.run(Array(input)) }
        }
        #expect(!seeds.isEmpty, "no seeds for \(name)")
    }

    /// Runs `body` on a new thread, not on one of the test run's few cooperative threads: a
    /// target may block its thread until tasks it started finish (as libFuzzer's thread does),
    /// and two such waits at once would hold every cooperative thread of a 2-core machine.
    static func onAThreadOfItsOwn(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            Thread {
                body()
                finished.resume()
            }.start()
        }
    }

    /// A replay reads an input every way its target can, and libFuzzer's executions, one way
    /// each, reach every way and every piece size (`1 + length % 7`) within 7 x ways bytes.
    @Test func aReplayTakesEveryConfigurationAndAFuzzingRunOnePerInput() {
        final class Calls: @unchecked Sendable {  // guarded by `lock`
            let lock = NSLock()
            var made: [(length: Int, configuration: Int)] = []
            func add(_ length: Int, _ configuration: Int) { lock.withLock { made.append((length, configuration)) } }
        }
        let calls = Calls()
        let target = FuzzTarget(name: "t", summary: "", seedFolders: [], configurations: ["a", "b", "c"]) {
            input, configuration in
            calls.add(input.count, configuration)
        }
        target.run([1, 2])
        #expect(calls.made.map(\.configuration) == [0, 1, 2])
        calls.made = []
        for length in 0..<21 {
            Array(repeating: UInt8(0), count: length).withUnsafeBufferPointer { target.fuzzOne($0) }
        }
        #expect(calls.made.count == 21)
        let pairs = Set(calls.made.map { "\($0.configuration):\(1 + $0.length % 7)" })
        #expect(pairs.count == 21, "each of 3 ways meets each of 7 piece sizes: \(pairs.sorted())")
        #expect(
            FuzzTargets.named("json-reader")?.configurations == [
                "sniffed", "json", "jsonl", "json-seq", "json-stream", "items",
            ])
        #expect(FuzzTargets.named("csv-reader")?.configurations.count == 4)
        #expect(FuzzTargets.named("yaml-reader")?.configurations == ["YAML 1.2", "YAML 1.1"])
    }

    @Test func everyTargetHasAUniqueName() {
        let names = FuzzTargets.all.map(\.name)
        #expect(Set(names).count == names.count)
    }

    /// Regular files under a folder (relative to the repository root), sorted, recursively.
    func files(in folder: String) -> [URL] {
        let url = Self.root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var found: [URL] = []
        for case let file as URL in walker
        where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            if file.lastPathComponent != ".gitkeep" { found.append(file) }
        }
        return found.sorted { $0.path < $1.path }
    }
}
