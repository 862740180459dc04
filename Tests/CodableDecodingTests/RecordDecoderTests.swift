import CodableDates
import CodableModels
import CodableParsing
import Foundation
import Testing

@testable import CodableDecoding

@Suite struct RecordDecoderTests {
    static let person = TypeReference.named("Person", arguments: [])

    func decode(
        _ json: String, _ root: TypeReference = person, models: ModelSet = ParityModels.set,
        options: DecodingOptions = DecodingOptions()
    ) throws -> String {
        let decoder = try RecordDecoder(models: models, root: root, options: options)
        let output = OutputBuffer()
        try decoder.decode(try ParityRunner.record(json), to: output)
        return output.text
    }

    @Test func declarationOrderUnknownKeysDroppedConstantsWritten() throws {
        #expect(
            try decode(#"{"zzz":1,"active":true,"tags":["t"],"age":3,"name":"n","email":null}"#)
                == #"{"name":"n","age":3,"tags":["t"],"active":true,"kind":"person"}"#)
    }

    @Test func prettyAndSortedLikeTheWriter() throws {
        let options = DecodingOptions(writer: JSONWriterOptions(pretty: true, sortKeys: true))
        #expect(
            try decode(#"{"name":"n","age":3,"tags":["a",""],"active":true,"owner":{"email":"e"}}"#, options: options)
                == """
                {
                  "active": true,
                  "age": 3,
                  "kind": "person",
                  "name": "n",
                  "owner": {
                    "email": "e"
                  },
                  "tags": [
                    "a",
                    ""
                  ]
                }
                """)
    }

    /// A dictionary keeps the first of equal keys (escaped or not) in its place; `Int` keys that
    /// denote the same number keep the first one's place and the last one's value (`JSONDecoder`
    /// assigns them in its own dictionary's order, which varies from run to run, so the parity
    /// corpus cannot hold such a case); a `Set` drops values equal to an earlier one as written.
    /// In input order, and sorted.
    @Test func dictionariesAndSetsKeepWhatJSONDecoderKeeps() throws {
        let maps = TypeReference.named("Maps", arguments: [])
        let text =
            #"{"byName":{"b":1,"a":2,"\u0062":3,"c":4,"a":5},"byId":{"2":"x","1":"a","01":"c","1":"d","+2":"y"}}"#
        #expect(try decode(text, maps) == #"{"byName":{"b":1,"a":2,"c":4},"byId":{"2":"y","1":"c"}}"#)
        let sorted = DecodingOptions(writer: JSONWriterOptions(sortKeys: true))
        #expect(try decode(text, maps, options: sorted) == #"{"byId":{"1":"c","2":"y"},"byName":{"a":2,"b":1,"c":4}}"#)
        let todo = TypeReference.named("Todo", arguments: [])
        let labels =
            #"{"id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","title":"t","done":false,"due":1,"priority":"HIGH","labels":["b","a","\u0062","c","a"]}"#
        #expect(try decode(labels, todo).hasSuffix(#""labels":["b","a","c"]}"#))
    }

    /// 20 000 `Int` keys (matched by a table of their values, not a linear search each, which
    /// takes time quadratic in their number), the last one denoting the same number as an early one.
    @Test func manyIntKeysKeepTheirPlacesAndTheLastValue() throws {
        let maps = TypeReference.named("Maps", arguments: [])
        let keys = (0..<20_000).map { #""\#($0)":"v""# }.joined(separator: ",")
        let decoded = try decode(#"{"byName":{},"byId":{"# + keys + #","007":"w"}}"#, maps)
        #expect(
            decoded == #"{"byName":{},"byId":{"# + keys.replacingOccurrences(of: #""7":"v""#, with: #""7":"w""#) + "}}")
    }

    @Test func failureCarriesKindPathMessageAndNode() throws {
        let decoder = try RecordDecoder(models: ParityModels.set, root: .array(Self.person))
        let record = try ParityRunner.record(
            #"[{"name":"a","age":1,"tags":[],"active":true},{"name":"b","age":1,"tags":[],"active":true,"owner":{"email":7}}]"#
        )
        #expect(throws: RecordDecodingError.self) { try decoder.decode(record, to: OutputBuffer()) }
        do {
            try decoder.decode(record, to: OutputBuffer())
        } catch {
            guard case .data(let failure) = error else {
                Issue.record("not a data failure")
                return
            }
            #expect(failure.kind == .typeMismatch)
            #expect(failure.codingPath(after: "$[3]") == "$[3][1].owner.email")
            #expect(failure.message == "Expected to decode String but found number instead.")
            #expect(record.batch.nodes[failure.node].kind == .number)
        }
    }

    @Test func nothingIsWrittenForAFailedRecord() throws {
        let decoder = try RecordDecoder(models: ParityModels.set, root: Self.person)
        let output = OutputBuffer()
        output.append("[")
        _ = try? decoder.decode(
            try ParityRunner.record(#"{"name":"a","age":1,"tags":["x","y"],"active":3}"#), to: output)
        #expect(output.text == "[")
    }

    @Test func everyProblemInDocumentOrder() throws {
        let decoder = try RecordDecoder(models: ParityModels.set, root: .array(Self.person))
        let record = try ParityRunner.record(
            #"[{"age":300,"tags":[1,"ok",null],"active":true,"owner":{}},{"name":"b","age":1,"tags":[],"active":"yes"}]"#
        )
        let problems = try decoder.problems(in: record)
        #expect(
            problems.map { "\($0.kind) \($0.codingPath(after: "$"))" } == [
                "keyNotFound $[0]",
                "dataCorrupted $[0].age",
                "typeMismatch $[0].tags[0]",
                "valueNotFound $[0].tags[2]",
                "keyNotFound $[0].owner",
                "typeMismatch $[1].active",
            ])
        #expect(try decoder.problems(in: record, limit: 2).count == 2)
        #expect(try decoder.problems(in: try ParityRunner.record(#"[]"#)).isEmpty)
    }

    @Test func unsupportedTypesAreModelProblems() throws {
        var models = ParityModels.set
        models.insert(
            ModelType(
                name: "Wrapped", shape: .unsupported(reason: "it has a hand-written init(from:)"),
                origin: SourceOrigin(file: "M.swift", line: 4, column: 8)))
        models.insert(
            ParityModels.structure("Holder", [ParityModels.property("w", .optional(.named("Wrapped", arguments: [])))]))
        let holder = TypeReference.named("Holder", arguments: [])
        #expect(try decode(#"{}"#, holder, models: models) == "{}")
        do {
            _ = try decode(#"{"w":1}"#, holder, models: models)
            Issue.record("decoded")
        } catch let error as RecordDecodingError {
            guard case .model(let problem) = error else {
                Issue.record("not a model problem")
                return
            }
            #expect(problem.origin?.description == "M.swift:4:8")
            #expect(problem.message == "`Wrapped` cannot be decoded from source: it has a hand-written init(from:)")
        }
        #expect(throws: ModelProblem.self) { try RecordDecoder(models: models, root: .named("Missing", arguments: [])) }
        #expect(throws: ModelProblem.self) { try RecordDecoder(models: models, root: .named("Page", arguments: [])) }
    }

    @Test func datesByPathThenDefault() throws {
        let rule = DatePathRule(steps: [.key("events"), .everyElement, .key("at")], codec: DateCodec(.iso8601))
        let options = DecodingOptions(
            dateRules: [rule], defaultDates: DateCodec(.seconds), outputDates: DateCodec(.milliseconds))
        #expect(
            try decode(
                #"{"at":1,"events":[{"at":"1970-01-01T00:00:02Z","name":"x"}]}"#, .named("Stamped", arguments: []),
                options: options)
                == #"{"at":1000,"events":[{"at":2000,"name":"x"}]}"#)
    }

    @Test func canonicalDoublesAreCopied() {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<40_000 {
            let digits = Int.random(in: 1...17, using: &generator)
            var text = String((0..<digits).map { _ in "0123456789".randomElement(using: &generator)! })
            if Bool.random(using: &generator) {
                text.insert(".", at: text.index(text.startIndex, offsetBy: Int.random(in: 1...digits)))
            }
            if text.hasSuffix(".") { text += "5" }
            // JSON has no leading zeros
            while text.hasPrefix("0") && text.count > 1 && !text.hasPrefix("0.") { text.removeFirst() }
            if Int.random(in: 0..<4, using: &generator) == 0 && text.contains(".") {
                text += String(repeating: "0", count: Int.random(in: 1...3))
            }
            if Bool.random(using: &generator) { text = "-" + text }
            let length = Array(text.utf8).withUnsafeBufferPointer { NumberText.canonicalDoubleLength($0) }
            guard length > 0 else { continue }
            checked += 1
            #expect(NumberText.text(Double(text)!) == String(text.prefix(length)), "\(text)")
        }
        #expect(checked > 10_000)
        for (text, expected) in [
            ("100.0", "100"), ("-0.0", "-0"), ("0.0", "0"), ("1.50", "1.5"), ("0.10", "0.1"), ("-0", "-0"),
        ] {
            let length = Array(text.utf8).withUnsafeBufferPointer { NumberText.canonicalDoubleLength($0) }
            #expect(String(text.prefix(length)) == expected && NumberText.text(Double(text)!) == expected, "\(text)")
        }
    }

    @Test func doublesReadAsStrtodReadsThem() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let digits = Int.random(in: 1...20, using: &generator)
            var text = String((0..<digits).map { _ in "0123456789".randomElement(using: &generator)! })
            if Bool.random(using: &generator) {
                text.insert(".", at: text.index(text.startIndex, offsetBy: Int.random(in: 1...digits)))
            }
            if text.hasSuffix(".") { text += "5" }
            if Bool.random(using: &generator) { text += "e\(Int.random(in: -30...30, using: &generator))" }
            if Bool.random(using: &generator) { text = "-" + text }
            let read = Array(text.utf8).withUnsafeBufferPointer { NumberText.double($0) }
            #expect(read?.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
        #expect(Array("-0.0".utf8).withUnsafeBufferPointer { NumberText.double($0) }?.sign == .minus)
    }

    @Test func snakeCaseConversionIsFoundations() {
        for key in [
            "first_name", "_first_name_", "__a__b__", "a", "", "___", "URL_value", "already_camelCase", "a_b_c",
            "héllo_wörld",
        ] {
            #expect(SnakeCase.convertFromSnakeCase(key) == foundationConverted(key), "\(key)")
        }
    }

    private func foundationConverted(_ key: String) -> String {
        struct Probe: Decodable {
            var key: String
            init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                key = container.allKeys.first?.stringValue ?? ""
            }
        }
        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let json = try! JSONSerialization.data(withJSONObject: [key: 1])
        return (try? decoder.decode(Probe.self, from: json).key) ?? "?"
    }
}
