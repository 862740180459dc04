/// The `format` values that assert when `SchemaOptions.assertFormats` is on. Unknown formats
/// are annotations only (the spec says so).
enum StringFormat: String, Sendable, CaseIterable {
    case dateTime = "date-time"
    case date, time, duration
    case email
    case idnEmail = "idn-email"
    case hostname
    case idnHostname = "idn-hostname"
    case ipv4, ipv6, uri
    case uriReference = "uri-reference"
    case iri
    case iriReference = "iri-reference"
    case uuid
    case jsonPointer = "json-pointer"
    case relativeJSONPointer = "relative-json-pointer"
    case regex
    case uriTemplate = "uri-template"
    /// Draft-04 and draft-06 `hostname`: RFC 1123, where `ab--cd` is a label like any other
    /// (no schema spells this raw value; `hostname` maps to it in those drafts).
    case rfc1123Hostname = "hostname (RFC 1123)"

    /// What the value should be, for messages: `"2024-02-30" is not a valid date`.
    var noun: String {
        switch self {
        case .dateTime: return "date-time (RFC 3339)"
        case .date: return "date"
        case .time: return "time (RFC 3339)"
        case .duration: return "duration (ISO 8601)"
        case .email, .idnEmail: return "email address"
        case .hostname, .idnHostname, .rfc1123Hostname: return "hostname"
        case .ipv4: return "IPv4 address"
        case .ipv6: return "IPv6 address"
        case .uri, .iri: return "URI"
        case .uriReference, .iriReference: return "URI reference"
        case .uuid: return "UUID"
        case .jsonPointer: return "JSON Pointer"
        case .relativeJSONPointer: return "relative JSON Pointer"
        case .regex: return "regular expression"
        case .uriTemplate: return "URI template"
        }
    }

    /// True when `text` is in this format.
    func accepts(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        switch self {
        case .dateTime: return FormatChecks.dateTime(bytes)
        case .date: return FormatChecks.date(bytes[...])
        case .time: return FormatChecks.time(bytes[...])
        case .duration: return FormatChecks.duration(bytes)
        case .email: return FormatChecks.email(text, international: false)
        case .idnEmail: return FormatChecks.email(text, international: true)
        case .hostname: return IDNAChecks.hostname(text, international: false)
        case .idnHostname: return IDNAChecks.hostname(text, international: true)
        case .rfc1123Hostname: return IDNAChecks.hostname(text, international: false, hyphenPairs: true)
        case .ipv4: return FormatChecks.ipv4(bytes[...])
        case .ipv6: return FormatChecks.ipv6(text)
        case .uri: return FormatChecks.uri(text, requireScheme: true, international: false)
        case .uriReference: return FormatChecks.uri(text, requireScheme: false, international: false)
        case .iri: return FormatChecks.uri(text, requireScheme: true, international: true)
        case .iriReference: return FormatChecks.uri(text, requireScheme: false, international: true)
        case .uuid: return FormatChecks.uuid(bytes)
        case .jsonPointer: return FormatChecks.jsonPointer(bytes[...])
        case .relativeJSONPointer: return FormatChecks.relativeJSONPointer(bytes)
        case .regex: return ECMAScriptPattern.syntaxError(in: text) == nil
        case .uriTemplate: return FormatChecks.uriTemplate(text)
        }
    }
}
