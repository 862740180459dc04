/// Rules for names in Swift source that `codable` writes (`codable infer`).
public enum SwiftNames {
    /// Whether `text` is a Swift identifier as written (a keyword too: see `needsBackticks`).
    public static func isIdentifier(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), SwiftIdentifier.isHead(first) else { return false }
        while let scalar = scalars.next() {
            guard SwiftIdentifier.isCharacter(scalar) else { return false }
        }
        return true
    }

    /// Keywords (and names the language treats specially) that a declaration spells in
    /// backticks: `` let `default`: String ``.
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "_", "Type", "Protocol", "some", "any",
    ]

    /// `name`, in backticks when it is a keyword.
    public static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }
}
