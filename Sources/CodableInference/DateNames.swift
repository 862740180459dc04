/// Whether a key names a date, for numbers: any number is some instant by magnitude, so a
/// number is only read as a date where the key says so (`createdAt`, `updated_at`, `expiry`,
/// `timestamp`, `birthDate`). ISO-8601 strings need no such hint.
enum DateNames {
    /// Last words of a key that name an instant.
    static let lastWords: Set<String> = [
        "at", "date", "time", "timestamp", "ts", "datetime", "on", "since", "until", "expiry", "expires", "due",
    ]
    /// Whole keys that name an instant.
    static let wholeKeys: Set<String> = [
        "created", "updated", "modified", "deleted", "published", "expires", "expiry", "timestamp", "date", "time",
        "due",
        "deadline", "expiration", "at",
    ]

    /// `key` split into lowercased words (`createdAt` → created, at; `expiry_date` → expiry, date).
    static func words(_ key: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in key {
            if !(character.isLetter || character.isNumber) {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase && previousWasLower && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current += character.lowercased()
            previousWasLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Whether numbers under `key` may be dates.
    static func suggestsDate(_ key: String) -> Bool {
        let words = words(key)
        guard let last = words.last else { return false }
        return (words.count > 1 && lastWords.contains(last)) || wholeKeys.contains(words.joined())
    }
}
