import CodableParsing
import CodableSchema
import Testing

@Suite struct ViolationTests {
    let schema = #"""
        {
          "type": "object",
          "required": ["id", "email"],
          "properties": {
            "id": {"type": "integer", "minimum": 1},
            "email": {"type": "string", "format": "email"},
            "name": {"type": "string", "pattern": "^[a-z]+$", "maxLength": 5},
            "tags": {"type": "array", "maxItems": 2, "items": {"type": "string"}},
            "due": {"type": "string", "format": "date"}
          },
          "additionalProperties": false
        }
        """#

    @Test func everyProblemLocatedInDocumentOrder() throws {
        let record = """
            {"id": 0,
             "name": "Xavier",
             "tags": ["a", 42, "c"],
             "extra": true}
            """
        let batch = try recordBatch(record)
        let compiled = try CompiledSchema(bytes: Array(schema.utf8), name: "schema.json", options: SchemaOptions())
        let found = compiled.validate(batch[0], limit: 100)
        #expect(
            found.map(\.message) == [
                #"missing required property "email""#,
                "0 is less than the minimum 1",
                #""Xavier" does not match pattern "^[a-z]+$""#,
                #""Xavier" is 6 characters, at most 5 allowed"#,
                "3 items, at most 2 allowed",
                "expected string, found number 42",
                #"property "extra" is not allowed"#,
            ])
        #expect(found.map(\.instancePath) == ["", "/id", "/name", "/name", "/tags", "/tags/1", "/extra"])
        #expect(
            found.map(\.keywordLocation) == [
                "/required", "/properties/id/minimum", "/properties/name/pattern", "/properties/name/maxLength",
                "/properties/tags/maxItems", "/properties/tags/items/type", "/additionalProperties",
            ])
        #expect(
            found.map(\.keyword) == [
                "required", "minimum", "pattern", "maxLength", "maxItems", "type", "additionalProperties",
            ])
        #expect(found.allSatisfy { $0.absoluteKeywordLocation == nil })
        let places = found.map { batch.location(ofNode: $0.node) }.map { "\($0.line):\($0.column)" }
        #expect(places == ["1:1", "1:8", "2:10", "2:10", "3:10", "3:16", "4:11"])
    }

    @Test func limitCapsTheReport() throws {
        let found = try violations(schema, #"{"id": "x", "name": 1, "tags": 2, "due": 3}"#, limit: 2)
        #expect(found.count == 2)
        #expect(try violations(schema, #"{"id": 1, "email": "a@b.c"}"#).isEmpty)
    }

    @Test func refsGiveAbsoluteLocations() throws {
        let schema = #"""
            {"$id": "https://example.com/todo.json",
             "properties": {"owner": {"$ref": "#/$defs/person"}},
             "$defs": {"person": {"required": ["email"]}}}
            """#
        let found = try violations(schema, #"{"owner": {}}"#)
        #expect(found.count == 1)
        #expect(found[0].keywordLocation == "/properties/owner/$ref/required")
        #expect(found[0].absoluteKeywordLocation == "https://example.com/todo.json#/$defs/person/required")
        #expect(found[0].instancePath == "/owner")
        #expect(found[0].message == #"missing required property "email""#)
    }

    @Test func formatsAssertOnlyWhenAsked() throws {
        let schema = #"{"properties": {"due": {"format": "date"}}}"#
        #expect(try violations(schema, #"{"due": "2024-02-30"}"#).isEmpty)
        let found = try violations(schema, #"{"due": "2024-02-30"}"#, options: SchemaOptions(assertFormats: true))
        #expect(found.map(\.message) == [#""2024-02-30" is not a valid date"#])
        #expect(try violations(schema, #"{"due": "2024-02-29"}"#, options: SchemaOptions(assertFormats: true)).isEmpty)
    }

    @Test func numbersCompareExactly() throws {
        #expect(try violations(#"{"const": 1}"#, "1.0").isEmpty)
        #expect(try violations(#"{"enum": [100]}"#, "1e2").isEmpty)
        #expect(try violations(#"{"maximum": 9007199254740992}"#, "9007199254740993").count == 1)
        #expect(try violations(#"{"multipleOf": 0.01}"#, "12345678901234567890.07").isEmpty)
        #expect(try violations(#"{"multipleOf": 0.01}"#, "12345678901234567890.071").count == 1)
        #expect(try violations(#"{"type": "integer"}"#, "1.0").isEmpty)
        #expect(try violations(#"{"type": "integer"}"#, "1e400").isEmpty)
    }

    @Test func lengthsCountUnicodeScalars() throws {
        #expect(try violations(#"{"maxLength": 2}"#, #""🚀é""#).isEmpty)
        #expect(
            try violations(#"{"minLength": 3}"#, #""\ud83d\ude80é""#).map(\.message) == [
                #""\ud83d\ude80é" is 2 characters, at least 3 required"#
            ])
    }

    @Test func combinatorsSayWhatFailed() throws {
        #expect(
            try violations(#"{"anyOf": [{"type": "string"}, {"type": "null"}]}"#, "42").map(\.message)
                == ["number 42 matches none of the 2 alternatives in \"anyOf\""])
        #expect(
            try violations(#"{"oneOf": [{"type": "number"}, {"type": "integer"}]}"#, "42").map(\.message)
                == ["number 42 matches alternatives 0 and 1 of \"oneOf\", exactly one allowed"])
        #expect(
            try violations(#"{"not": {"type": "number"}}"#, "42").map(\.message) == [
                "number 42 must not match the schema in \"not\""
            ])
        let conditional = #"{"if": {"properties": {"kind": {"const": "user"}}}, "then": {"required": ["email"]}}"#
        let found = try violations(conditional, #"{"kind": "user"}"#)
        #expect(found.map(\.keywordLocation) == ["/then/required"])
    }
}
