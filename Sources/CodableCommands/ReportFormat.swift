import ArgumentParser
import CodableReports

/// The report formats `validate --report` writes.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    case text, json, github, junit, sarif

    /// `codable` as the reports name it.
    static let tool = ToolInfo(
        name: "codable", version: CodableCommand.configuration.version,
        informationURI: "https://github.com/codable-cli/codable")

    /// A fresh report writer of this format.
    func makeReport(subject: ValidationSubject, color: Bool) -> any ValidationReport {
        switch self {
        case .text: return TextReport(color: color)
        case .json: return JSONReport(tool: Self.tool, subject: subject)
        case .github: return GitHubReport()
        case .junit: return JUnitReport(subject: subject)
        case .sarif: return SARIFReport(tool: Self.tool, subject: subject)
        }
    }
}
