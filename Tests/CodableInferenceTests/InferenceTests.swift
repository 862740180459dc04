import CodableDates
import CodableDecoding
import CodableInference
import CodableModels
import CodableParsing
import Testing

/// Samples in, inferred models and Swift source out.
@Suite struct InferenceTests {
    /// The shapes of JSON Lines `text`, and its batches.
    static func shapes(_ text: String) throws -> (SampleShapes, [RecordBatch]) {
        let reader = RecordReader(source: InMemoryByteSource(text), options: RecordReaderOptions(framing: .jsonl))
        let shapes = SampleShapes()
        var batches: [RecordBatch] = []
        while let batch = try reader.nextBatch() {
            shapes.add(batch)
            batches.append(batch)
        }
        return (shapes, batches)
    }

    static func infer(_ text: String, snakeCase: Bool = false) throws -> InferredModel {
        try shapes(text).0.infer(rootName: "Root", convertingFromSnakeCase: snakeCase)
    }

    static func properties(_ model: InferredModel, _ name: String = "Root") -> [String: TypeReference] {
        guard case .structure(let properties)? = model.models[name]?.shape else { return [:] }
        return Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0.type) })
    }

    @Test func optionalExactlyWhereAKeyIsMissingOrNull() throws {
        let model = try Self.infer(
            """
            {"id":1,"name":"a","note":null,"extra":true}
            {"id":2,"name":"b","note":"x"}
            """)
        let properties = Self.properties(model)
        #expect(properties["id"] == .integer(.int))
        #expect(properties["name"] == .string)
        #expect(properties["note"] == .optional(.string))
        #expect(properties["extra"] == .optional(.bool))
    }

    @Test func intOnlyWhenEveryNumberIsAnInt64Integer() throws {
        let properties = Self.properties(
            try Self.infer(
                """
                {"a":1,"b":1,"c":9223372036854775807,"d":9223372036854775808,"e":-9223372036854775808}
                {"a":2,"b":2.5,"c":0,"d":1,"e":1e400}
                """))
        #expect(properties["a"] == .integer(.int))
        #expect(properties["b"] == .double)
        #expect(properties["c"] == .integer(.int))
        #expect(properties["d"] == .double)
        #expect(properties["e"] == .decimal)
    }

    @Test func datesByStrategyAndTheDecoderTakesTheCommonestOne() throws {
        let model = try Self.infer(
            """
            {"createdAt":"2024-03-01T09:00:00Z","updatedAt":"2024-03-01T09:00:00.5+01:00","seenAt":1709283600,"count":1709283600,"due_date":730976400.5,"sentAt":1709283600000}
            {"createdAt":"2024-03-02T09:00:00Z","updatedAt":"2024-03-01T09:00:00Z","seenAt":1709283601,"count":3,"due_date":730976401,"sentAt":1709283600001}
            """)
        let properties = Self.properties(model)
        #expect(model.dateStrategy == .iso8601)
        #expect(properties["createdAt"] == .date(strategy: .iso8601))
        #expect(properties["updatedAt"] == .date(strategy: .iso8601))
        #expect(properties["seenAt"] == .date(strategy: .seconds))
        #expect(properties["sentAt"] == .date(strategy: .milliseconds))
        #expect(properties["due_date"] == .date(strategy: .reference))
        #expect(properties["count"] == .integer(.int))
        let source = model.swiftSource()
        #expect(source.contains("@SecondsSince1970Date var seenAt: Date"))
        #expect(source.contains("@MillisecondsSince1970Date var sentAt: Date"))
        #expect(source.contains("@ReferenceDate var due_date: Date"))
        #expect(source.contains("decoder.dateDecodingStrategy = .iso8601"))
    }

    @Test func numbersOfMixedDateKindsStayNumbers() throws {
        let properties = Self.properties(try Self.infer(#"{"at":1709283600}\#n{"at":1709283600000}"#))
        #expect(properties["at"] == .integer(.int))
    }

    @Test func urlAndUUIDOnlyWhereEveryValueIsOne() throws {
        let properties = Self.properties(
            try Self.infer(
                """
                {"home":"https://example.com/a","id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","word":"https://x.y"}
                {"home":"http://example.com","id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","word":"hello"}
                """))
        #expect(properties["home"] == .url)
        #expect(properties["id"] == .uuid)
        #expect(properties["word"] == .string)
    }

    @Test func nestedTypesAreNamedFromKeysAndArrayElementsMerge() throws {
        let model = try Self.infer(
            """
            {"owner":{"name":"a"},"items":[{"sku":"x","qty":1},{"sku":"y"}],"categories":[{"id":1}]}
            {"owner":{"name":"b","email":"b@x"},"items":[],"categories":[]}
            """)
        #expect(Self.properties(model)["owner"] == .named("Root.Owner", arguments: []))
        #expect(Self.properties(model)["items"] == .array(.named("Root.Item", arguments: [])))
        #expect(Self.properties(model)["categories"] == .array(.named("Root.Category", arguments: [])))
        #expect(Self.properties(model, "Root.Item")["qty"] == .optional(.integer(.int)))
        #expect(Self.properties(model, "Root.Owner")["email"] == .optional(.string))
    }

    @Test func alwaysEmptyArraysDecodeAnyElement() throws {
        let model = try Self.infer(#"{"tags":[]}"#)
        #expect(Self.properties(model)["tags"] == .array(.json))
        #expect(model.swiftSource().contains("let tags: [JSONValue]"))
        #expect(model.swiftSource().contains("enum JSONValue"))
    }

    @Test func disagreeingScalarsBecomeAUnionAndContainersJSONValue() throws {
        let model = try Self.infer(
            """
            {"id":1,"data":{"a":1}}
            {"id":"x","data":[1]}
            """)
        #expect(Self.properties(model)["id"] == .json)
        let source = model.swiftSource()
        #expect(source.contains("let id: Id"))
        #expect(source.contains("case int(Int)"))
        #expect(source.contains("case string(String)"))
        #expect(source.contains("let data: JSONValue"))
    }

    @Test func codingKeysOnlyForKeysThatAreNoSwiftNames() throws {
        let model = try Self.infer(#"{"id":1,"first-name":"a","default":true,"2fa":false,"first_name":"b"}"#)
        let source = model.swiftSource()
        #expect(source.contains("let firstName: String"))
        #expect(source.contains("case firstName = \"first-name\""))
        #expect(source.contains("let `default`: Bool"))
        #expect(source.contains("case `default`\n"))
        #expect(source.contains("case _2fa = \"2fa\""))
        #expect(source.contains("let first_name: String"))
        #expect(!Self.properties(model).isEmpty)
    }

    @Test func snakeCaseKeysNeedNoCodingKeys() throws {
        let model = try Self.infer(#"{"first_name":"a","user_id":1}"#, snakeCase: true)
        let source = model.swiftSource()
        #expect(source.contains("let firstName: String"))
        #expect(source.contains("let userId: Int"))
        #expect(!source.contains("CodingKeys"))
        #expect(source.contains("decoder.keyDecodingStrategy = .convertFromSnakeCase"))
    }

    @Test func namesAreUniqueInTheirScope() throws {
        let model = try Self.infer(#"{"item":{"a":1},"items":[{"b":2}],"date":{"c":3},"root":{"d":4}}"#)
        let properties = Self.properties(model)
        #expect(properties["item"] == .named("Root.Item", arguments: []))
        #expect(properties["items"] == .array(.named("Root.Item2", arguments: [])))
        #expect(properties["date"] == .named("Root.Date2", arguments: []))
        #expect(properties["root"] == .named("Root.Root2", arguments: []))
    }

    @Test func everySampleDecodesWithTheInferredModel() throws {
        let text = """
            {"id":1,"at":"2024-03-01T09:00:00Z","tags":["a"],"owner":{"n":1},"mixed":1,"seenAt":1709283600}
            {"id":2,"tags":[],"owner":null,"mixed":"x","extra":[1,"a",null],"seenAt":1709283601}
            {"id":3,"at":null,"tags":["b","c"],"owner":{"n":2,"m":true},"mixed":false}
            """
        let (shapes, batches) = try Self.shapes(text)
        let model = try shapes.infer(rootName: "Root")
        let decoder = try RecordDecoder(models: model.models, root: model.root, options: model.decodingOptions)
        for batch in batches {
            for index in 0..<batch.count { #expect(try decoder.problems(in: batch[index]).isEmpty) }
        }
    }

    @Test func sameSamplesSameBytesAndAFittingSampleChangesNothing() throws {
        let text =
            #"{"b":1,"a":{"x":"2024-03-01T09:00:00Z"},"c":[1.5]}\#n{"b":2,"a":{"x":"2024-03-02T09:00:00Z"},"c":[]}"#
        let first = try Self.infer(text).swiftSource()
        #expect(try Self.infer(text).swiftSource() == first)
        let more = try Self.infer(text + #"\#n{"b":3,"a":{"x":"2025-01-01T00:00:00Z"},"c":[2]}"#).swiftSource()
        #expect(more == first)
        #expect(first.range(of: "let b: Int")!.lowerBound < first.range(of: "let a: A")!.lowerBound)
    }

    @Test func refusesNoSamplesAndNonObjects() throws {
        #expect(throws: InferenceError.noSamples) { try Self.infer("") }
        #expect(throws: InferenceError.self) { try Self.infer("[1]\n2") }
        #expect(throws: InferenceError.badTypeName("class")) {
            try Self.shapes(#"{"a":1}"#).0.infer(rootName: "class")
        }
    }
}
