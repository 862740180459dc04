import ArgumentParser
import CodablePipeline
import CodableReports

/// The report formats `validate --report` writes.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    case text, json, github, junit, sarif, gitlab

    /// `codable` as the reports name it.
    static let tool = ToolInfo(
        name: "codable", version: CodableCommand.configuration.version,
        informationURI: "https://github.com/codable-cli/codable")

    /// A fresh report writer of this format. The formats that keep problems until their counts
    /// are known (json, junit, sarif) keep them past 256 KiB in unnamed files in $TMPDIR.
    func makeReport(subject: ValidationSubject, color: Bool) -> any ValidationReport {
        let spool = TemporaryFiles.directory.string
        switch self {
        case .text: return TextReport(color: color)
        case .json: return JSONReport(tool: Self.tool, subject: subject, spoolDirectory: spool)
        case .github: return GitHubReport()
        case .junit: return JUnitReport(subject: subject, spoolDirectory: spool)
        case .sarif: return SARIFReport(tool: Self.tool, subject: subject, spoolDirectory: spool)
        case .gitlab: return GitLabReport()
        }
    }
}
