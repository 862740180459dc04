import Foundation

/// Runs the built `codable` executable: arguments and standard input in; standard output,
/// standard error and exit status out.
struct CodableBinary {
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The repository's root folder.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `../shared` folder beside the repository, when present.
    static let shared: URL? = {
        let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    /// The executable: the one `CODABLE_BINARY` names (the release checks run a release build),
    /// or else the one beside the test bundle (SwiftPM builds it first, as a dependency).
    static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["CODABLE_BINARY"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                fatalError("CODABLE_BINARY=\(path) is not an executable")
            }
            return URL(fileURLWithPath: path)
        }
        var candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for directory in candidates {
            let url = directory.appendingPathComponent("codable")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        fatalError("codable executable not found beside the tests in \(candidates)")
    }()

    /// Whether the binary is a debug build, whose larger stack frames lower how deep a recursive
    /// model decodes: the one beside the tests is built as they are; one named by
    /// `CODABLE_BINARY` is a release build (Scripts/release-checks.sh builds it).
    static var isDebugBuild: Bool {
        #if DEBUG
            let testsAreDebug = true
        #else
            let testsAreDebug = false
        #endif
        return testsAreDebug && ProcessInfo.processInfo.environment["CODABLE_BINARY", default: ""].isEmpty
    }

    /// Runs `codable` with `arguments` from the repository root; with a `launcher` (a command
    /// and its arguments, such as `/usr/bin/time -f %M -o FILE`), runs it through that.
    static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
        in directory: URL = repositoryRoot, launcher: [String] = []
    ) throws -> Result {
        let process = Process()
        if let command = launcher.first {
            process.executableURL = URL(fileURLWithPath: command)
            process.arguments = launcher.dropFirst() + [url.path] + arguments
        } else {
            process.executableURL = url
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env.removeValue(forKey: "GITHUB_ACTIONS")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Feed stdin and drain both outputs concurrently, so no pipe fills up and blocks.
        let writer = Thread {
            // A codable that exits before reading all of its standard input must not kill the
            // test process with SIGPIPE: blocked in this thread only (children keep the default),
            // the write just fails.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = Locked(Data())
        let errorReader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errorReader.isExecuting || !errorReader.isFinished { usleep(1_000) }
        return Result(
            stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData.get(), as: UTF8.self),
            status: process.terminationStatus)
    }

    /// `text` with the time on `validate`'s summary lines (`3 files, 9 records, 2 errors in
    /// 0.03 s`) set to `0.00`, so that golden outputs do not depend on the machine's speed.
    static func steadyDurations(_ text: String) -> String {
        let pattern = #"\d+ files?, \d+ records?, \d+ errors?(?:, \d+ unreadable)? in (\d+\.\d\d) s"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        var result = text
        for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            if let time = Range(match.range(at: 1), in: result) { result.replaceSubrange(time, with: "0.00") }
        }
        return result
    }

    /// Runs `codable` with `stdin` given as text.
    static func run(_ arguments: [String], stdin: String, environment: [String: String] = [:]) throws -> Result {
        try run(arguments, stdin: Data(stdin.utf8), environment: environment)
    }
}

/// A value shared between threads behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
}

/// A fresh temporary folder, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("codable-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
