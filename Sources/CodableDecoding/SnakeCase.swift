import Foundation

/// `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`, character for character.
public enum SnakeCase {
    /// `first_name` -> `firstName`; leading and trailing underscores kept; a key without an
    /// inner underscore left as it is.
    public static func convertFromSnakeCase(_ key: String) -> String {
        guard !key.isEmpty, let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first && key[last] == "_" { key.formIndex(before: &last) }
        let core = key[first...last]
        let leading = key[key.startIndex..<first]
        let trailing = key[key.index(after: last)...]
        let words = core.split(separator: "_")
        let joined =
            words.count == 1
            ? String(core)
            : ([words[0].lowercased()] + words.dropFirst().map { String($0).capitalized }).joined()
        return leading + joined + trailing
    }
}
