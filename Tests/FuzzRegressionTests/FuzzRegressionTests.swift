import CodableFuzzTargets
import Foundation
import Testing

/// Every input a fuzzer ever crashed on (`Tests/FuzzRegressions/TARGET/`) and every seed runs
/// through its target in each ordinary test run: a fixed bug stays fixed, and the targets'
/// invariants hold on real inputs even where libFuzzer is not installed.
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: FuzzTargets.all.map(\.name))
    func savedCrashesAndSeedsPass(_ name: String) throws {
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
        for file in regressions + seeds.prefix(400) {
            let bytes = try Data(contentsOf: file)
            guard bytes.count <= 64 << 10 else { continue }
            target.run(Array(bytes))
        }
        #expect(!seeds.isEmpty, "no seeds for \(name)")
    }

    @Test func everyTargetHasAUniqueName() {
        let names = FuzzTargets.all.map(\.name)
        #expect(Set(names).count == names.count)
    }

    /// Regular files under a folder (relative to the repository root), sorted, recursively.
    func files(in folder: String) -> [URL] {
        let url = Self.root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var found: [URL] = []
        for case let file as URL in walker where (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            if file.lastPathComponent != ".gitkeep" { found.append(file) }
        }
        return found.sorted { $0.path < $1.path }
    }
}
