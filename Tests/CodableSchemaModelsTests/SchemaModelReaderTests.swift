import CodableDates
import CodableModels
import CodableSchemaModels
import Foundation
import Testing

/// Reads a schema from text named `todo.schema.json`.
private func read(_ text: String, path: String = "todo.schema.json") throws -> (models: ModelSet, root: TypeReference) {
    try SchemaModelReader().read(text: text, path: path)
}

/// `{id: Int, title: String?}` for a structure; the reason for anything else.
private func fields(_ type: ModelType?) -> String {
    switch type?.shape {
    case .structure(let properties)?:
        return "{" + properties.map { "\($0.key): \($0.type)" }.joined(separator: ", ") + "}"
    case .rawEnum(let raw, let cases)?:
        return "raw \(raw): " + cases.map { "\($0.name)=\($0.rawJSON)" }.joined(separator: " ")
    default: return "\(String(describing: type?.shape))"
    }
}

private func failure(_ text: String) -> ModelReadError? {
    #expect(throws: ModelReadError.self) { try read(text) }
}

@Suite("JSON Schema to models")
struct SchemaModelReaderTests {
    @Test func objectWithRequiredAndOptionalProperties() throws {
        let (models, root) = try read(
            """
            {"type": "object", "properties": {
               "id": {"type": "integer"}, "title": {"type": "string"}, "done": {"type": "boolean"},
               "ratio": {"type": "number"}, "note": {"type": ["string", "null"]}, "any": {},
               "count": {"type": ["integer", "null"]}},
             "required": ["id", "title", "note"]}
            """)
        #expect(root == .named("Todo", arguments: []))
        #expect(
            fields(models["Todo"])
                == "{id: Int, title: String, done: Bool?, ratio: Double?, note: String?, any: JSON?, count: Int?}")
        #expect(models["Todo"]?.origin == SourceOrigin(file: "todo.schema.json", line: 1, column: 1))
    }

    @Test func titleNamesTheRootAndNestedObjectsAreQualified() throws {
        let (models, root) = try read(
            """
            {"title": "sync up", "type": "object", "required": ["attendees", "owner"], "properties": {
              "owner": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]},
              "attendees": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string", "format": "uuid"}}}},
              "meeting_entries": {"type": "array", "items": {"properties": {"at": {"type": "string", "format": "date-time"}}}}}}
            """)
        #expect(root == .named("SyncUp", arguments: []))
        #expect(
            fields(models["SyncUp"])
                == "{owner: SyncUp.Owner, attendees: [SyncUp.Attendee], meeting_entries: [SyncUp.MeetingEntry]?}")
        #expect(fields(models["SyncUp.Owner"]) == "{name: String}")
        #expect(fields(models["SyncUp.Attendee"]) == "{id: UUID?}")
        guard case .structure(let entry) = models["SyncUp.MeetingEntry"]?.shape else {
            Issue.record("no entry")
            return
        }
        #expect(entry[0].type == .optional(.date(strategy: .iso8601)))
    }

    @Test func formatsAndDateStrategies() throws {
        let (models, _) = try read(
            """
            {"type": "object", "required": ["a", "b", "c", "d", "e", "f", "g"], "properties": {
              "a": {"type": "string", "format": "date-time"},
              "b": {"type": "string", "format": "date"},
              "c": {"type": "number", "x-date-strategy": "seconds"},
              "d": {"type": "string", "x-date-strategy": "format:dd/MM/yyyy"},
              "e": {"type": "string", "format": "uri"},
              "f": {"type": "string", "contentEncoding": "base64"},
              "g": {"type": ["integer", "null"], "x-date-strategy": "milliseconds"}}}
            """)
        guard case .structure(let properties) = models["Todo"]?.shape else {
            Issue.record("no structure")
            return
        }
        #expect(
            properties.map(\.type) == [
                .date(strategy: .iso8601), .date(strategy: try DateStrategy(parsing: "format:yyyy-MM-dd")),
                .date(strategy: .seconds), .date(strategy: try DateStrategy(parsing: "format:dd/MM/yyyy")), .url, .data,
                .optional(.date(strategy: .milliseconds)),
            ])
    }

    @Test func arraysDictionariesAndAnyValue() throws {
        let (models, _) = try read(
            """
            {"type": "object", "required": ["a", "b", "c", "d", "e", "f"], "properties": {
              "a": {"type": "array"},
              "b": {"type": "object"},
              "c": {"type": "object", "additionalProperties": {"type": "integer"}},
              "d": {"additionalProperties": {"type": "array", "items": {"type": "string"}}},
              "e": true,
              "f": {"type": "object", "additionalProperties": false},
              "g": {"type": ["integer", "number"]}}}
            """)
        #expect(
            fields(models["Todo"])
                == "{a: [JSON], b: [String: JSON], c: [String: Int], d: [String: [String]], e: JSON, f: Todo.F, g: Double?}"
        )
        #expect(fields(models["Todo.F"]) == "{}")
    }

    @Test func enumsBecomeRawEnums() throws {
        let (models, _) = try read(
            """
            {"type": "object", "required": ["status", "level"], "properties": {
              "status": {"type": "string", "enum": ["open", "in_progress", "done"]},
              "level": {"enum": [1, 2, 3]},
              "mood": {"enum": ["happy", null]},
              "size": {"type": ["string", "null"], "enum": ["S", "M"]}}}
            """)
        #expect(
            fields(models["Todo"]) == "{status: Todo.Status, level: Todo.Level, mood: Todo.Mood?, size: Todo.Size?}")
        #expect(fields(models["Todo.Status"]) == #"raw String: open="open" inProgress="in_progress" done="done""#)
        #expect(fields(models["Todo.Level"]) == "raw Int: _1=1 _2=2 _3=3")
    }

    @Test func referencesToDefinitions() throws {
        let (models, root) = try read(
            """
            {"$ref": "#/$defs/Page",
             "$defs": {
               "Page": {"type": "object", "required": ["items"], "properties": {
                  "items": {"type": "array", "items": {"$ref": "#/$defs/Member"}},
                  "next": {"$ref": "#/definitions/Cursor"}}},
               "Member": {"type": "object", "properties": {"name": {"type": "string"}, "manager": {"$ref": "#/$defs/Member"}}},
               "Unused": {"type": "object", "properties": {}}},
             "definitions": {"Cursor": {"type": ["string", "null"]}}}
            """)
        #expect(root == .named("Page", arguments: []))
        #expect(fields(models["Page"]) == "{items: [Member], next: String?}")
        #expect(fields(models["Member"]) == "{name: String?, manager: Member?}")
        #expect(fields(models["Unused"]) == "{}")
        #expect(models["Cursor"] == nil)
    }

    @Test func recursionThroughTheRoot() throws {
        let (models, root) = try read(
            """
            {"title": "Node", "type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#"}}}}
            """)
        #expect(root == .named("Node", arguments: []))
        #expect(fields(models["Node"]) == "{children: [Node]?}")
    }

    @Test func nullAlternativesMakeOptionals() throws {
        let (models, root) = try read(
            """
            {"type": "array", "items": {"type": "object", "required": ["owner", "size"], "properties": {
              "owner": {"anyOf": [{"$ref": "#/$defs/User"}, {"type": "null"}]},
              "size": {"oneOf": [{"type": "integer"}]},
              "both": {"allOf": [{"type": "string"}]}}},
             "$defs": {"User": {"type": "object", "properties": {"name": {"type": "string"}}}}}
            """)
        #expect(root == .array(.named("TodoElement", arguments: [])))
        #expect(fields(models["TodoElement"]) == "{owner: User?, size: Int, both: String?}")
    }

    @Test func unsupportedConstructsAreLocatedErrors() throws {
        let cases: [(String, String)] = [
            (
                #"{"type": "object", "properties": {"id": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}}"#,
                "todo.schema.json:1:51: `oneOf` of 2 different schemas has no Codable shape; a model has one type per property "
                    + "(at #/properties/id/oneOf)"
            ),
            (
                #"{"properties": {"v": {"type": ["string", "integer"]}}}"#,
                "todo.schema.json:1:31: a value of several types (string, integer) has no Codable shape (at #/properties/v/type)"
            ),
            (
                #"{"properties": {"v": {"enum": ["a", 1]}}}"#,
                "todo.schema.json:1:31: an `enum` of strings and numbers has no Codable shape; a raw-value enum has one raw "
                    + "type (at #/properties/v/enum)"
            ),
            (
                #"{"properties": {"v": {"$ref": "other.json#/$defs/A"}}}"#,
                "todo.schema.json:1:31: `$ref` to `other.json#/$defs/A`: codable follows references to #, #/$defs/NAME and "
                    + "#/definitions/NAME within the file (at #/properties/v/$ref)"
            ),
            (
                #"{"properties": {"v": {"type": "string", "x-date-strategy": "weekly"}}}"#,
                "todo.schema.json:1:60: `x-date-strategy`: Unknown date strategy 'weekly'; expected one of: reference, "
                    + "seconds, milliseconds, iso8601, format:PATTERN, auto. (at #/properties/v/x-date-strategy)"
            ),
            (
                #"{"properties": {"v": {"allOf": [{"type": "string"}, {"minLength": 1}]}}}"#,
                "todo.schema.json:1:32: `allOf` of several schemas has no Codable shape; merge them into one (at #/properties/v/allOf)"
            ),
            (
                #"{"properties": {"v": {"type": "array", "items": [{"type": "string"}]}}}"#,
                "todo.schema.json:1:49: `items` as a list (a tuple) has no Codable shape (at #/properties/v/items)"
            ),
            (
                #"{"properties": {"v": {"type": "text"}}}"#,
                "todo.schema.json:1:31: `text` is not a JSON Schema type (at #/properties/v/type)"
            ),
            (
                #"{"properties": {"v": false}}"#,
                "todo.schema.json:1:22: the schema `false` accepts no value, so no model can decode it (at #/properties/v)"
            ),
            (
                ##"{"$ref": "#/$defs/A", "$defs": {"A": {"$ref": "#/$defs/A"}}}"##,
                "todo.schema.json:1:38: the definition refers to itself with nothing in between (at #/$defs/A)"
            ),
            (
                "{\"type\": \"object\",\n  \"properties\": {\"a\": 1}}",
                "todo.schema.json:2:23: a schema must be an object or a boolean (at #/properties/a)"
            ),
            (
                "{\"type\": \"object\",\n  \"properties\": {\"a\": }}",
                "todo.schema.json:2:23: the schema is not valid JSON: unexpected character '}', expected a value"
            ),
            ("", "todo.schema.json:1:1: the schema file is empty"),
            ("{} {}", "todo.schema.json:1:4: a schema file holds one JSON value; a second one starts here"),
        ]
        for (text, message) in cases {
            #expect(failure(text)?.description == message, "\(text)")
        }
    }

    @Test func originsOnLaterLinesCountScalars() throws {
        let (models, _) = try read(
            "{\"title\": \"café\", \"type\": \"object\",\n \"properties\": {\"naïve\": {\"type\": \"object\",\n   \"properties\": {}}}}"
        )
        #expect(models["Café"]?.origin == SourceOrigin(file: "todo.schema.json", line: 1, column: 1))
        #expect(models["Café.Naïve"]?.origin == SourceOrigin(file: "todo.schema.json", line: 2, column: 26))
        guard case .structure(let properties) = models["Café"]?.shape else {
            Issue.record("no structure")
            return
        }
        #expect(properties.first?.origin == SourceOrigin(file: "todo.schema.json", line: 2, column: 26))
    }

    @Test func missingFile() throws {
        let error = #expect(throws: ModelReadError.self) {
            try SchemaModelReader().read(path: "/nonexistent/todo.schema.json")
        }
        #expect(error?.message == "no such schema file: /nonexistent/todo.schema.json")
        #expect(error?.isIOError == true)
    }

    @Test func sampleTodoSchema() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/models/todo.schema.json").path
        let (models, root) = try SchemaModelReader().read(path: path)
        #expect(root == .named("Todo", arguments: []))
        #expect(
            fields(models["Todo"]) == "{id: Int, title: String, done: Bool, createdAt: Date, due: Date?, "
                + "tags: [String], priority: Priority, notes: String?, estimate: Double?, reminder: [String: JSON]?}")
        #expect(fields(models["Priority"]) == "raw Int: _1=1 _2=2 _3=3")
        guard case .structure(let properties) = models["Todo"]?.shape else { return }
        #expect(properties[3].type == .date(strategy: .reference))
    }
}
