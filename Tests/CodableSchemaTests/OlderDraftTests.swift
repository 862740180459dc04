import CodableSchema
import Foundation
import Testing

/// Draft-04, draft-06 and 2019-09, chosen by `$schema` or by `SchemaOptions.defaultDraft`.
@Suite struct OlderDraftTests {
    private let draft4 = #""$schema": "http://json-schema.org/draft-04/schema#""#
    private let draft6 = #""$schema": "http://json-schema.org/draft-06/schema#""#
    private let draft2019 = #""$schema": "https://json-schema.org/draft/2019-09/schema""#

    private func valid(_ schema: String, _ record: String, options: SchemaOptions = SchemaOptions()) throws -> Bool {
        try violations(schema, record, options: options).isEmpty
    }

    @Test func draft4BooleanExclusiveBounds() throws {
        let schema = "{\(draft4), \"maximum\": 3, \"exclusiveMaximum\": true, \"minimum\": 1}"
        #expect(try valid(schema, "2"))
        #expect(try !valid(schema, "3"))
        #expect(try valid(schema, "1"))
        #expect(schemaError("{\(draft4), \"maximum\": 3, \"exclusiveMaximum\": 2}")?.pointer == "/exclusiveMaximum")
        #expect(try !valid(#"{"exclusiveMaximum": 3}"#, "3"))  // numeric in 2020-12
    }

    @Test func draft4IdAndRefSiblings() throws {
        let schema = """
            {\(draft4), "definitions": {"n": {"id": "#num", "type": "integer"}},
             "properties": {"a": {"$ref": "#num", "maximum": 0}}}
            """
        #expect(try valid(schema, #"{"a": 5}"#))  // maximum beside $ref is ignored
        #expect(try !valid(schema, #"{"a": "x"}"#))
        // `$id` means nothing in draft-04; `const` and `contains` are annotations.
        #expect(try valid("{\(draft4), \"const\": 1, \"contains\": {\"type\": \"string\"}}", "[2]"))
        #expect(schemaError("{\(draft4), \"$id\": 3}") == nil)
    }

    @Test func draft6Keywords() throws {
        #expect(try !valid("{\(draft6), \"const\": 1}", "2"))
        #expect(try !valid("{\(draft6), \"contains\": {\"type\": \"string\"}}", "[2]"))
        #expect(try !valid("{\(draft6), \"propertyNames\": {\"maxLength\": 1}}", #"{"ab": 1}"#))
        #expect(try !valid("{\(draft6), \"exclusiveMinimum\": 1}", "1"))
        #expect(try valid("{\(draft6), \"if\": true, \"then\": false}", "1"))  // if/then came with draft-07
    }

    @Test func draft2019RecursiveRef() throws {
        let tree = """
            {\(draft2019), "$id": "https://example.org/tree", "$recursiveAnchor": true,
             "type": "object", "properties": {"kids": {"type": "array", "items": {"$recursiveRef": "#"}}}}
            """
        let strict = """
            {\(draft2019), "$id": "https://example.org/strict", "$recursiveAnchor": true,
             "$ref": "https://example.org/tree", "unevaluatedProperties": false}
            """
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try tree.write(toFile: folder + "/tree", atomically: true, encoding: .utf8)
        let options = SchemaOptions(schemaDirectory: folder)
        // Through `strict`, the nested nodes are strict too: `$recursiveRef` goes to the outermost anchor.
        #expect(try valid(strict, #"{"kids": [{"kids": []}]}"#, options: options))
        #expect(try !valid(strict, #"{"kids": [{"extra": 1}]}"#, options: options))
        #expect(try valid(tree, #"{"kids": [{"extra": 1}]}"#, options: options))
    }

    @Test func draft2019ArrayKeywords() throws {
        let schema = "{\(draft2019), \"items\": [{\"type\": \"integer\"}], \"additionalItems\": {\"type\": \"string\"}}"
        #expect(try valid(schema, #"[1, "a"]"#))
        #expect(try !valid(schema, "[1, 2]"))
        let unevaluated = "{\(draft2019), \"items\": [true], \"unevaluatedItems\": false}"
        #expect(try valid(unevaluated, "[1]"))
        #expect(try !valid(unevaluated, "[1, 2]"))
        #expect(try !valid("{\(draft2019), \"dependentRequired\": {\"a\": [\"b\"]}}", #"{"a": 1}"#))
        #expect(try !valid("{\(draft2019), \"maxContains\": 1, \"contains\": true}", "[1, 2]"))
        #expect(try valid("{\(draft2019), \"prefixItems\": [false]}", "[1]"))  // 2020-12 only
    }

    @Test func defaultDraftApplies() throws {
        let options = SchemaOptions(defaultDraft: .draft4)
        #expect(try valid(#"{"maximum": 3, "exclusiveMaximum": false}"#, "3", options: options))
        #expect(try !valid(#"{"maximum": 3, "exclusiveMaximum": true}"#, "3", options: options))
    }

    @Test func olderMetaschemasAreBuiltIn() throws {
        for uri in ["http://json-schema.org/draft-04/schema#", "http://json-schema.org/draft-06/schema#"] {
            let schema = "{\"$ref\": \"\(uri)\"}"
            #expect(try valid(schema, #"{"type": "string"}"#))
            #expect(try !valid(schema, #"{"type": 12}"#))
        }
        #expect(try !valid(#"{"$ref": "https://json-schema.org/draft/2019-09/schema"}"#, #"{"minLength": -1}"#))
    }
}
