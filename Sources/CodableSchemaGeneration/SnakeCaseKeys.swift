/// Which JSON keys `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase` turns into a given
/// property key, as a regular expression.
///
/// The strategy keeps leading and trailing underscores, leaves a key without an inner
/// underscore as it is, and otherwise lowercases the first word and capitalizes the others
/// (`first_name`, `FIRST__NAME` → `firstName`). So a property key is matched by itself when its
/// core has no inner underscore, and by words joined with underscores when its core splits, at
/// each uppercase letter, into a lowercase first word and capitalized words (`userID` is
/// `user_i_d`). A key with an inner underscore is matched by no JSON key at all.
enum SnakeCaseKeys {
    /// What matches `key`.
    enum Match: Equatable {
        /// Only the key itself.
        case exactly
        /// The keys this anchored ECMAScript pattern matches (the key itself among them when it
        /// matches itself).
        case pattern(String)
        /// No JSON key.
        case never
    }

    static func match(_ key: String) -> Match {
        let characters = Array(key)
        guard let first = characters.firstIndex(where: { $0 != "_" }) else { return .exactly }
        var last = characters.count - 1
        while last > first && characters[last] == "_" { last -= 1 }
        let leading = String(characters[..<first])
        let trailing = String(characters[(last + 1)...])
        let core = Array(characters[first...last])
        let matchesItself = !core.contains("_")
        guard matchesItself, let words = words(of: core) else { return matchesItself ? .exactly : .never }
        let joined = words.map(caseless).joined(separator: "_+")
        return .pattern(
            "^" + escaped(leading) + "(?:" + escaped(String(core)) + "|" + joined + ")" + escaped(trailing) + "$")
    }

    /// The words a multi-word JSON key must spell, or nil when the core is no such join: the
    /// first all lowercase, every other an uppercase letter then lowercase (ASCII only).
    private static func words(of core: [Character]) -> [String]? {
        guard core.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        var words: [String] = []
        var current = ""
        for character in core {
            if character.isUppercase {
                words.append(current)
                current = String(character)
            } else {
                current.append(character)
            }
        }
        words.append(current)
        guard words.count >= 2, !words[0].isEmpty else { return nil }
        return words
    }

    /// A word in any case: `[nN][aA][mM][eE]`.
    private static func caseless(_ word: String) -> String {
        word.map { character in
            character.isLetter ? "[\(character.lowercased())\(character.uppercased())]" : escaped(String(character))
        }.joined()
    }

    /// `text` with the ECMAScript pattern syntax characters escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\^$.|?*+()[]{}/".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
