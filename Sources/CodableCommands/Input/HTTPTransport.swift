import Foundation

/// Sends one HTTP GET and hands back the answer, whatever its status: redirects, 429s and 5xx
/// are the caller's to handle (`HTTPPageLoader`). A cancelled task's request stops at once.
///
/// Errors thrown: `URLError` for a failed transfer (`.timedOut`, `.cannotConnectToHost`,
/// `.networkConnectionLost`, `.cancelled`, …, with the transport's own words as
/// `NSLocalizedDescriptionKey` where no code fits), or `HTTPTransportError`.
protocol HTTPTransport: Sendable {
    func response(to request: HTTPRequest) async throws -> HTTPResponse
}

/// A GET request: the URL, its headers, and the seconds without data after which it fails.
struct HTTPRequest: Sendable {
    var url: URL
    var timeout: Double
    var headers: [(name: String, value: String)] = []

    /// Sets header `name` (case-insensitively replacing an earlier value).
    mutating func setValue(_ value: String, forHTTPHeaderField name: String) {
        headers.removeAll { $0.name.lowercased() == name.lowercased() }
        headers.append((name, value))
    }
}

/// An HTTP answer: its status, headers and (decoded) body.
struct HTTPResponse: Sendable {
    var statusCode: Int
    /// The header fields in the order received; a name may occur more than once.
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The value of header `name` (case-insensitive); several fields of that name joined with
    /// ", " as RFC 9110 allows.
    func value(forHTTPHeaderField name: String) -> String? {
        let name = name.lowercased()
        let values = headers.filter { $0.name.lowercased() == name }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// The header fields in `head`: a status line, then `Name: value` lines (obsolete folded
    /// lines joined to the one before).
    static func headerFields(in head: String) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        for line in head.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\r\n" || $0 == "\n" })
            .dropFirst()
        {
            if let first = line.first, first == " " || first == "\t", !fields.isEmpty {
                fields[fields.count - 1].value += " " + line.trimmingCharacters(in: .whitespaces)
            } else if let colon = line.firstIndex(of: ":") {
                fields.append(
                    (
                        String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                        String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                    ))
            }
        }
        return fields
    }
}

/// A transport that cannot work here at all.
struct HTTPTransportError: Error, CustomStringConvertible {
    /// Why, as a person reads it (for example: libcurl is not installed).
    var description: String
}
