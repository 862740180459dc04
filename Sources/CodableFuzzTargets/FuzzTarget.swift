/// One fuzz target: a function that takes any bytes and either returns or stops the process
/// (a crash, or a `FuzzFailure` invariant that does not hold).
///
/// The same targets run under libFuzzer (`Scripts/fuzz.sh`, built with `-sanitize=fuzzer`)
/// and, in ordinary builds, in `FuzzRegressionTests`, which replays every saved crash input and
/// every seed through them.
///
/// A target that reads its input in several ways (the JSON framings, the CSV dialects with and
/// without a header, the YAML versions) names them as `configurations`: under libFuzzer each
/// execution takes the one its input's length picks (`configuration(forLength:among:)`), so
/// that an execution costs one way's reads, not all of them, and an input that found new code in
/// one way keeps it while its bytes are mutated in place; a replay (`run`) takes every one, so
/// that a saved input fails again whichever way found it.
public struct FuzzTarget: Sendable {
    /// The name `Scripts/fuzz.sh` takes (`json-reader`).
    public let name: String
    /// What the target exercises and which invariants it checks.
    public let summary: String
    /// Folders (relative to the repository root; `../shared/...` for the shared suites) whose
    /// files seed the corpus.
    public let seedFolders: [String]
    /// The ways the target reads an input, by name; one (`["default"]`) for most targets.
    public let configurations: [String]
    /// Runs one input in one configuration (an index into `configurations`).
    private let check: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Void

    /// Creates a target that reads its input in each of `configurations` (`check` takes an index
    /// into them).
    public init(
        name: String, summary: String, seedFolders: [String], configurations: [String],
        check: @escaping @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Void
    ) {
        precondition(!configurations.isEmpty, "a fuzz target needs a configuration")
        self.name = name
        self.summary = summary
        self.seedFolders = seedFolders
        self.configurations = configurations
        self.check = check
    }

    /// Creates a target that reads its input one way.
    public init(
        name: String, summary: String, seedFolders: [String],
        run: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        self.init(name: name, summary: summary, seedFolders: seedFolders, configurations: ["default"]) { input, _ in
            run(input)
        }
    }

    /// Runs one input in every configuration: a replay of a saved input, a regression test.
    public func run(_ input: UnsafeBufferPointer<UInt8>) {
        for configuration in configurations.indices { check(input, configuration) }
    }

    /// Runs one input given as an array, in every configuration.
    public func run(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { run($0) }
    }

    /// Runs one libFuzzer execution: the input in the configuration its length picks.
    public func fuzzOne(_ input: UnsafeBufferPointer<UInt8>) {
        check(input, Self.configuration(forLength: input.count, among: configurations.count))
    }

    /// The configuration an input of `length` bytes is read in under libFuzzer: the next one
    /// every 7 bytes, round and round. The targets cut their input in pieces of `1 + length % 7`
    /// (or `% 5`) bytes, so that every configuration meets every piece size.
    public static func configuration(forLength length: Int, among count: Int) -> Int {
        (length / 7) % count
    }
}

/// Stops the process when an invariant does not hold; libFuzzer saves the input that did it.
func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
) {
    if !condition() {
        fatalError("fuzz invariant failed: \(message())", file: file, line: line)
    }
}
