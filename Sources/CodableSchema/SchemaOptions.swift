/// Choices for compiling a JSON Schema.
public struct SchemaOptions: Sendable {
    /// `format` asserts (date-time, date, time, duration, email, hostname, ipv4, ipv6, uri,
    /// uri-reference, uuid, json-pointer, regex, ...) instead of being an annotation only.
    public var assertFormats: Bool
    /// The folder remote `$ref`s resolve from: `http://host/a/b.json` is read from
    /// `schemaDirectory/a/b.json`. Nil means the schema's own folder.
    public var schemaDirectory: String?
    /// The draft of a schema without `$schema` (2020-12 unless told).
    public var defaultDraft: JSONSchemaDraft
    /// Fetches `http`/`https` schemas that no bundled metaschema, file of the schema folder or
    /// `$id` there provides; nil: such a `$ref` resolves nowhere.
    public var remoteLoader: (any SchemaRemoteLoader)?

    /// Creates options; by default formats are annotations, remote refs resolve next to the
    /// schema, and a schema without `$schema` is read as draft 2020-12.
    public init(
        assertFormats: Bool = false, schemaDirectory: String? = nil, defaultDraft: JSONSchemaDraft = .draft2020_12
    ) {
        self.assertFormats = assertFormats
        self.schemaDirectory = schemaDirectory
        self.defaultDraft = defaultDraft
    }
}

/// The JSON Schema drafts `CompiledSchema` reads; `$schema` picks one per schema resource.
public enum JSONSchemaDraft: String, Sendable, CaseIterable {
    /// Draft 2020-12 (`https://json-schema.org/draft/2020-12/schema`), the default.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case draft2020_12 = "2020-12"
    /// Draft 2019-09 (`https://json-schema.org/draft/2019-09/schema`).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case draft2019_09 = "2019-09"
    /// Draft-07 (`http://json-schema.org/draft-07/schema#`).
    case draft7 = "7"
    /// Draft-06 (`http://json-schema.org/draft-06/schema#`).
    case draft6 = "6"
    /// Draft-04 (`http://json-schema.org/draft-04/schema#`).
    case draft4 = "4"
}

/// Where a schema named by an `http`/`https` URI comes from when no local file provides it: the
/// network, a cache. The compiler calls it while compiling, once per document.
public protocol SchemaRemoteLoader: Sendable {
    /// The bytes of the schema document at `uri` (no fragment): one JSON value; throws, with
    /// the reason, when they cannot be had.
    func schemaBytes(at uri: String) throws(SchemaFetchError) -> [UInt8]
}

/// A schema that could not be fetched: the URI and why (a status, a timeout, not JSON, not in
/// the cache while offline).
public struct SchemaFetchError: Error, Sendable, Equatable {
    /// The URI asked for.
    public var uri: String
    /// Why, for a person.
    public var reason: String

    /// Creates an error.
    public init(uri: String, reason: String) {
        self.uri = uri
        self.reason = reason
    }
}
