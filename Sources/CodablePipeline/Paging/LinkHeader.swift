/// The `Link` response header (RFC 8288): `<https://api.example.com/items?page=2>; rel="next",
/// <…?page=9>; rel="last"`, as GitHub and GitLab name their pages.
public enum LinkHeader {
    /// The target of the first link whose `rel` (one relation or a space-separated list, any
    /// case, quoted or not) holds `relation`; nil when there is none.
    public static func target(of relation: String, in header: String) -> String? {
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { return nil }
            let target = String(rest[rest.index(after: open)..<close])
            let end = endOfParameters(in: rest[rest.index(after: close)...])
            let parameters = rest[rest.index(after: close)..<end]
            if relations(in: parameters).contains(relation.lowercased()) { return target }
            rest = rest[end...]
        }
        return nil
    }

    /// Where a link's parameters end: at the first comma outside quotes, or the end.
    private static func endOfParameters(in text: Substring) -> Substring.Index {
        var quoted = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" {
                quoted.toggle()
            } else if character == "\\" && quoted {
                index = text.index(after: index)
                if index == text.endIndex { break }
            } else if character == "," && !quoted {
                return index
            }
            index = text.index(after: index)
        }
        return text.endIndex
    }

    /// The relation types of a link's `rel` parameter, lowercased.
    private static func relations(in parameters: Substring) -> [String] {
        for parameter in parameters.split(separator: ";") {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingSpaces.lowercased() == "rel" else { continue }
            var value = parts[1].trimmingSpaces
            if value.hasPrefix("\"") && value.hasSuffix("\"") && value.count >= 2 {
                value = value.dropFirst().dropLast()
            }
            return value.split(separator: " ").map { $0.lowercased() }
        }
        return []
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
