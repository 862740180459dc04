import CodableSchema
import Foundation
import Testing

@Suite struct SchemaErrorTests {
    @Test func malformedSchemaIsLocated() throws {
        let error = try #require(schemaError("{\n  \"type\": \"string\",\n  \"minLength\": 1,,\n}"))
        #expect(error.file == "schema.json")
        #expect(error.line == 3)
        #expect(error.column == 18)
        #expect(error.message.hasPrefix("the schema is not valid JSON: "))
    }

    @Test func invalidRegexIsLocated() throws {
        let error = try #require(schemaError("{\"properties\": {\n  \"name\": {\"pattern\": \"^[a-z\"}}}"))
        #expect(error.line == 2)
        #expect(error.column == 23)
        #expect(error.pointer == "/properties/name/pattern")
        #expect(
            error.message == #""^[a-z" is not a valid regular expression: unclosed character class (at character 2)"#)
    }

    @Test func validPatternTheEngineCannotRunIsLocated() throws {
        let error = try #require(schemaError("{\"properties\": {\n  \"name\": {\"pattern\": \"(?<=a+)b\"}}}"))
        #expect(error.line == 2)
        #expect(error.column == 23)
        #expect(error.pointer == "/properties/name/pattern")
        #expect(error.message.contains("valid ECMA-262 regular expression that this validator cannot run"))
    }

    @Test func wrongKeywordTypeIsLocated() throws {
        let error = try #require(schemaError(#"{"items": {"minItems": "2"}}"#))
        #expect(error.pointer == "/items/minItems")
        #expect(error.column == 24)
        #expect(error.message == #""minItems" must be a non-negative integer"#)
        #expect(schemaError(#"{"type": "text"}"#)?.pointer == "/type")
        #expect(schemaError(#"{"properties": {"a": 3}}"#)?.pointer == "/properties/a")
        #expect(schemaError("[]")?.message == "a schema must be an object or a boolean, found an array")
    }

    @Test func unresolvableRefIsLocated() throws {
        let error = try #require(schemaError("{\n \"$ref\": \"#/$defs/missing\"}"))
        #expect(error.line == 2)
        #expect(error.pointer == "/$ref")
        #expect(error.message.contains("resolves nowhere"))
        let remote = try #require(
            schemaError(
                #"{"$ref": "https://example.com/nowhere.json"}"#,
                options: SchemaOptions(schemaDirectory: "/nonexistent")))
        #expect(remote.message.contains("/nonexistent/nowhere.json"))
        #expect(remote.message.contains("none was fetched"))
    }

    @Test func refCycleWithoutProgressIsAnError() throws {
        let direct = try #require(schemaError(##"{"$ref": "#"}"##))
        #expect(direct.message.hasPrefix("$ref cycle"))
        let indirect = try #require(
            schemaError(
                ##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}"##
            ))
        #expect(indirect.message.hasPrefix("$ref cycle"))
        // Recursion through a property makes progress: fine.
        #expect(schemaError(##"{"properties": {"next": {"$ref": "#"}}}"##) == nil)
    }

    @Test func remoteRefsResolveFromTheSchemaFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"{"type": "string"}"#.utf8).write(to: URL(fileURLWithPath: folder + "/name.json"))
        try Data(
            #"{"properties": {"a": {"$ref": "name.json"}, "b": {"$ref": "http://localhost:1234/name.json"}}}"#.utf8
        )
        .write(to: URL(fileURLWithPath: folder + "/root.json"))
        let schema = try CompiledSchema(path: folder + "/root.json", options: SchemaOptions())
        let batch = try recordBatch(#"{"a": 1, "b": 2}"#)
        #expect(
            schema.validate(batch[0], limit: 10).map(\.keywordLocation) == [
                "/properties/a/$ref/type", "/properties/b/$ref/type",
            ])
        #expect(throws: SchemaError.self) {
            try CompiledSchema(path: folder + "/absent.json", options: SchemaOptions())
        }
    }

    @Test func draftSevenChosenBySchemaKeyword() throws {
        let schema =
            #"{"$schema": "http://json-schema.org/draft-07/schema#", "items": [{"type": "string"}], "additionalItems": false}"#
        #expect(try violations(schema, #"["a"]"#).isEmpty)
        #expect(try violations(schema, #"["a", 1]"#).map(\.message) == ["item 1 is not allowed"])
    }
}
