import ArgumentParser
import CodableParsing
import CodableYAML

/// The input formats `--from` accepts.
enum InputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    case json, jsonl
    case jsonSeq = "json-seq"
    case jsonStream = "json-stream"
    case yaml
    case csv, tsv

    /// The JSON framing it names (nil for formats other than JSON).
    var framing: InputFraming? {
        switch self {
        case .json: return .json
        case .jsonl: return .jsonl
        case .jsonSeq: return .jsonSeq
        case .jsonStream: return .jsonStream
        case .yaml, .csv, .tsv: return nil
        }
    }

    /// The tabular dialect; nil for formats that are not CSV or TSV.
    var csvDialect: CSVDialect? {
        switch self {
        case .csv: return .csv
        case .tsv: return .tsv
        default: return nil
        }
    }
}

/// The output formats `--to` accepts.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    case json, jsonl
    case jsonSeq = "json-seq"
    case yaml
    case csv, tsv

    /// The JSON framing it names. YAML, CSV and TSV have none (`.json` stands in): their
    /// writers are made by `OutputOptions.makeWriter`.
    var framing: OutputFraming {
        switch self {
        case .json, .yaml, .csv, .tsv: return .json
        case .jsonl: return .jsonl
        case .jsonSeq: return .jsonSeq
        }
    }

    /// The tabular dialect; nil for formats that are not CSV or TSV.
    var csvDialect: CSVDialect? {
        switch self {
        case .csv: return .csv
        case .tsv: return .tsv
        default: return nil
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
