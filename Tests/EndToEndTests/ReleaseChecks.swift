import Foundation
import Testing

/// Checks that measure a run's peak memory, feed codable inputs of 100 MB and more, or run it
/// thousands of times (every cut of a file, every pair of transforms). They take minutes (a debug
/// build starts several times slower than a release build), and peak memory means something only
/// for an optimised build, so the `swift test` run before every commit leaves them out;
/// `Scripts/release-checks.sh` (a step of `.ci/run`) runs them against a release build, with
/// `CODABLE_RELEASE_CHECKS=1` and `CODABLE_BINARY` set.
enum ReleaseChecks {
    /// Whether this test run includes the release checks.
    static let areRunning = ProcessInfo.processInfo.environment["CODABLE_RELEASE_CHECKS"] == "1"
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only among the release checks (see `ReleaseChecks`).
    static var releaseCheck: Self {
        .enabled(if: ReleaseChecks.areRunning, "a release check: Scripts/release-checks.sh runs it")
    }
}
