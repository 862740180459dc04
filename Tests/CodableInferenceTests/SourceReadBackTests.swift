import CodableInference
import CodableModels
import CodableSwiftModels
import Testing

/// Source of plain structs, read back with the Swift model reader (as `decode --model` and
/// `infer`'s check read it), is the inferred model: the same types, properties, keys and types
/// (dates without a strategy: the decoder's applies to them all).
@Suite struct SourceReadBackTests {
    static func withoutDateStrategies(_ type: TypeReference) -> TypeReference {
        switch type {
        case .date: return .date(strategy: nil)
        case .optional(let wrapped): return .optional(withoutDateStrategies(wrapped))
        case .array(let element): return .array(withoutDateStrategies(element))
        default: return type
        }
    }

    static func summary(_ models: ModelSet) -> [String] {
        models.types.keys.sorted().flatMap { name -> [String] in
            guard case .structure(let properties)? = models[name]?.shape else { return ["\(name): not a struct"] }
            return properties.map { "\(name).\($0.name) [\($0.key)]: \(withoutDateStrategies($0.type))" }
        }
    }

    @Test(arguments: [false, true])
    func plainStructsReadBackAsTheInferredModel(snakeCase: Bool) throws {
        let (shapes, _) = try InferenceTests.shapes(
            """
            {"id":1,"first-name":"a","default":true,"user_id":7,"at":"2024-03-01T09:00:00Z","items":[{"sku":"x","qty":null},{"sku":"y","qty":2}],"decoder":1,"owner":{"Owner":{"n":1}}}
            {"id":2,"first-name":"b","default":false,"user_id":8,"at":"2024-03-02T09:00:00Z","items":[],"decoder":2,"owner":{"Owner":{"n":2}}}
            """)
        let model = try shapes.infer(rootName: "Root", convertingFromSnakeCase: snakeCase)
        #expect(model.declaresOnlyStructures)
        let read = try SwiftModelReader().read(source: model.swiftSource(), path: "Root.swift")
        #expect(Self.summary(read) == Self.summary(model.models))
        #expect(Self.summary(read).contains("Root.firstName [first-name]: String"))
    }

    @Test func wrappersAndUnionsAreNotPlain() throws {
        #expect(!(try InferenceTests.infer(#"{"id":1}\#n{"id":"a"}"#)).declaresOnlyStructures)
        #expect(!(try InferenceTests.infer(#"{"a":[]}"#)).declaresOnlyStructures)
        #expect(
            !(try InferenceTests.infer(#"{"at":"2024-03-01T09:00:00Z","seenAt":1709283600,"x_at":1709283600}"#))
                .declaresOnlyStructures)
    }
}
