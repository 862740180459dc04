/// One fuzz target: a function that takes any bytes and either returns or stops the process
/// (a crash, or a `FuzzFailure` invariant that does not hold).
///
/// The same targets run under libFuzzer (`Scripts/fuzz.sh`, built with `-sanitize=fuzzer`)
/// and, in ordinary builds, in `FuzzRegressionTests`, which replays every saved crash input and
/// every seed through them.
public struct FuzzTarget: Sendable {
    /// The name `Scripts/fuzz.sh` takes (`json-reader`).
    public let name: String
    /// What the target exercises and which invariants it checks.
    public let summary: String
    /// Folders (relative to the repository root; `../shared/...` for the shared suites) whose
    /// files seed the corpus.
    public let seedFolders: [String]
    /// Runs one input.
    public let run: @Sendable (UnsafeBufferPointer<UInt8>) -> Void

    /// Creates a target.
    public init(name: String, summary: String, seedFolders: [String], run: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Void) {
        self.name = name
        self.summary = summary
        self.seedFolders = seedFolders
        self.run = run
    }

    /// Runs one input given as an array.
    public func run(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { run($0) }
    }
}

/// Stops the process when an invariant does not hold; libFuzzer saves the input that did it.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    if !condition() {
        fatalError("fuzz invariant failed: \(message())", file: file, line: line)
    }
}
