import CodableModels
import CodableSwiftModels
import Testing

/// Reads Swift source the way `--model` would, from a string (named `Models.swift`).
func readModels(_ source: String, path: String = "Models.swift") throws -> ModelSet {
    try SwiftModelReader().read(source: source, path: path)
}

/// A one-line summary of a model type, for assertions:
/// `{id: UUID, done@is_done: Bool, version: Int = 2, cache: JSON skipped}`,
/// `raw String: low="low" high="HIGH"`, `tagged: load(id: Int, _0: String) stop()`,
/// `unsupported: REASON`.
func summary(_ type: ModelType?) -> String {
    guard let type else { return "missing" }
    switch type.shape {
    case .structure(let properties):
        return "{"
            + properties.map { property in
                var text =
                    property.name + (property.key == property.name ? "" : "@\(property.key)") + ": \(property.type)"
                switch property.role {
                case .coded: break
                case .constant(let json): text += " = \(json)"
                case .skipped: text += " skipped"
                }
                return text
            }.joined(separator: ", ") + "}"
    case .rawEnum(let raw, let cases):
        return "raw \(raw): " + cases.map { "\($0.name)=\($0.rawJSON)" }.joined(separator: " ")
    case .taggedEnum(let cases):
        return "tagged: "
            + cases.map { enumCase in
                let name = enumCase.name + (enumCase.key == enumCase.name ? "" : "@\(enumCase.key)")
                return name + "(" + enumCase.parameters.map { "\($0.key): \($0.type)" }.joined(separator: ", ") + ")"
            }.joined(separator: " ")
    case .unsupported(let reason, let remedy):
        return "unsupported: \(reason)" + (remedy.map { " (remedy: \($0))" } ?? "")
    }
}

/// The summary of one type read from `source`.
func summary(of name: String, in source: String) throws -> String {
    summary(try readModels(source)[name])
}
