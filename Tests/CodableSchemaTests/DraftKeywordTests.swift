import CodableSchema
import Foundation
import Testing

/// A keyword its draft does not define is an annotation: never compiled, never scanned.
@Suite struct DraftKeywordTests {
    private let draft7 = #""$schema": "http://json-schema.org/draft-07/schema#""#

    @Test func laterKeywordsAreAnnotationsInDraft7() throws {
        #expect(schemaError("{\(draft7), \"$defs\": {\"note\": \"text\"}}") == nil)
        #expect(schemaError("{\(draft7), \"dependentSchemas\": {\"a\": 3}, \"prefixItems\": 1}") == nil)
        #expect(schemaError("{\(draft7), \"unevaluatedProperties\": \"no\", \"$anchor\": 5}") == nil)
        #expect(try violations("{\(draft7), \"dependentRequired\": {\"a\": [\"b\"]}}", #"{"a": 1}"#).isEmpty)
        #expect(try violations("{\(draft7), \"unevaluatedProperties\": false}", #"{"a": 1}"#).isEmpty)
        let contains = "{\(draft7), \"contains\": {\"const\": 1}, \"minContains\": 2}"
        #expect(try violations(contains, "[1]").isEmpty)
        #expect(try !violations(contains, "[2]").isEmpty)
    }

    @Test func idInsideAnUnknownKeywordIsNoIdentifier() throws {
        let schema = """
            {\(draft7), "$defs": {"x": {"$id": "https://example.org/x", "type": "string"}},
             "properties": {"a": {"$ref": "https://example.org/x"}}}
            """
        let error = try #require(schemaError(schema, options: SchemaOptions(schemaDirectory: "/nonexistent")))
        #expect(error.message.contains("resolves nowhere"))
    }

    @Test func olderKeywordsAreAnnotationsIn2020() throws {
        #expect(schemaError(#"{"additionalItems": 3}"#) == nil)
        #expect(try violations(#"{"prefixItems": [{"type": "integer"}], "additionalItems": false}"#, "[1, 2]").isEmpty)
    }

    @Test func draft2020KeywordsStillCompile() throws {
        #expect(schemaError(#"{"$defs": {"note": "text"}}"#)?.pointer == "/$defs/note")
        #expect(try !violations(#"{"dependentRequired": {"a": ["b"]}}"#, #"{"a": 1}"#).isEmpty)
    }
}
