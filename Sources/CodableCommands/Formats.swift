import ArgumentParser
import CodableParsing
import CodableYAML

/// The input formats `--from` accepts.
enum InputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    case json, jsonl, jsonSeq = "json-seq", jsonStream = "json-stream"
    case yaml

    /// The JSON framing it names (nil for formats other than JSON).
    var framing: InputFraming? {
        switch self {
        case .json: return .json
        case .jsonl: return .jsonl
        case .jsonSeq: return .jsonSeq
        case .jsonStream: return .jsonStream
        case .yaml: return nil
        }
    }
}

/// The output formats `--to` accepts.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    case json, jsonl, jsonSeq = "json-seq"
    case yaml

    /// The JSON framing it names. YAML has none (`.json` stands in): its writer is made by
    /// `OutputOptions.makeWriter`.
    var framing: OutputFraming {
        switch self {
        case .json, .yaml: return .json
        case .jsonl: return .jsonl
        case .jsonSeq: return .jsonSeq
        }
    }
}

/// `--pretty` or `--compact`.
enum Layout: String, EnumerableFlag, Sendable {
    case pretty, compact

    static func help(for value: Layout) -> ArgumentHelp? {
        switch value {
        case .pretty: return "Indent JSON output by two spaces (the default on a terminal)."
        case .compact: return "Write JSON output on as few lines as possible (the default when piped)."
        }
    }
}

extension YAMLVersion: ExpressibleByArgument {}
