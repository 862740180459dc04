import CodableDates
import CodableModels
import Foundation
import Testing

/// One model of the parity tests: its root reference for codable, and the same decode done by
/// Foundation with the real Swift type.
struct ParityModel: Sendable {
    let name: String
    let root: TypeReference
    let foundation: @Sendable (String, ParityOptions) -> Outcome
    /// For models holding a `Set` (Foundation writes it in hash order): whether codable's output
    /// decodes to the value Foundation decoded.
    let sameValue: (@Sendable (String, String, ParityOptions) -> Bool)?

    static func of<T: Codable & Equatable & SendableMetatype>(
        _ type: T.Type, _ name: String, _ root: TypeReference, unordered: Bool = false
    ) -> ParityModel {
        let foundation: @Sendable (String, ParityOptions) -> Outcome = { json, options in
            ParityRunner.foundation(T.self, json, options).0
        }
        let sameValue: @Sendable (String, String, ParityOptions) -> Bool = { ours, json, options in
            guard let theirs = ParityRunner.foundation(T.self, json, options).1 else { return false }
            guard let mine = try? options.decoderForOutput.decode(T.self, from: Data(ours.utf8)) else { return false }
            return theirs == mine
        }
        return ParityModel(name: name, root: root, foundation: foundation, sameValue: unordered ? sameValue : nil)
    }
}

extension ParityOptions {
    /// A decoder that reads what the encoder wrote (for comparing values).
    var decoderForOutput: JSONDecoder {
        var options = self
        options.dates = outputDates
        options.snakeCase = false
        return options.decoder
    }
}

/// One input of the corpus.
struct ParityCase: Sendable, CustomTestStringConvertible {
    let model: ParityModel
    let json: String
    let options: ParityOptions

    var testDescription: String { "\(model.name) \(json) [\(options)]" }
}

/// The generated corpus: valid inputs for every model, and each of them broken in every way at
/// every listed place.
enum ParityCorpus {
    enum Step {
        case key(String)
        case index(Int)
    }

    /// Where to change a valid input, and what to put there (raw JSON text; nil removes the key).
    struct Mutation {
        var path: [Step]
        var values: [String?]
    }

    static let strings: [String?] = [nil, "null", "1", "true", "{}", "[]", "\"\"", #""caf\u00e9 \"q\" \n \/ \u0001""#]
    static let int8s: [String?] = [
        nil, "null", "\"1\"", "true", "300", "-129", "127", "-128", "1.5", "1.0", "1e2", "12e-1", "100e-2", "-0", "{}",
    ]
    static let bools: [String?] = [nil, "null", "1", "\"true\"", "false", "[]"]
    static let arrays: [String?] = [nil, "null", "{}", "\"a\"", "[]", "[1]", "[null]", #"["a","b","a"]"#]

    static let person = ParityModel.of(Person.self, "Person", .named("Person", arguments: []))
    static let todo = ParityModel.of(Todo.self, "Todo", .named("Todo", arguments: []), unordered: true)
    static let drawing = ParityModel.of(Drawing.self, "Drawing", .named("Drawing", arguments: []))
    static let page = ParityModel.of(
        Page<Person>.self, "Page<Person>", .named("Page", arguments: [.named("Person", arguments: [])]))
    static let pageOfInts = ParityModel.of(Page<Int8>.self, "Page<Int8>", .named("Page", arguments: [.integer(.int8)]))
    static let maps = ParityModel.of(Maps.self, "Maps", .named("Maps", arguments: []), unordered: true)
    static let renamed = ParityModel.of(Renamed.self, "Renamed", .named("Renamed", arguments: []))
    static let snake = ParityModel.of(Snake.self, "Snake", .named("Snake", arguments: []))
    static let numbers = ParityModel.of(Numbers.self, "Numbers", .named("Numbers", arguments: []))
    static let required = ParityModel.of(Required.self, "Required", .named("Required", arguments: []))
    static let crew = ParityModel.of(Crew.self, "Crew", .named("Crew", arguments: []), unordered: true)
    static let bytes = ParityModel.of(Bytes.self, "Bytes", .named("Bytes", arguments: []))
    static let stamped = ParityModel.of(Stamped.self, "Stamped", .named("Stamped", arguments: []))
    static let people = ParityModel.of([Person].self, "[Person]", .array(.named("Person", arguments: [])))
    static let optionalPerson = ParityModel.of(Person?.self, "Person?", .optional(.named("Person", arguments: [])))

    static let validPerson =
        #"{"name":"Ada","age":36,"email":"ada@example.com","tags":["a","b"],"score":1.5,"ratio":0.25,"count":7,"big":9007199254740993,"active":true,"owner":{"email":"o@x.org","since":730976400,"level":3},"unknown":{"x":[1,2]}}"#
    static let minimalPerson = #"{"name":"Bob","age":-5,"tags":[],"active":false}"#

    static var all: [ParityCase] {
        var cases: [ParityCase] = []
        func add(_ model: ParityModel, _ json: String, _ options: ParityOptions = ParityOptions()) {
            cases.append(ParityCase(model: model, json: json, options: options))
        }
        func addMutations(
            _ model: ParityModel, _ base: String, _ mutations: [Mutation], _ options: ParityOptions = ParityOptions()
        ) {
            add(model, base, options)
            for mutation in mutations {
                for value in mutation.values {
                    add(model, mutate(base, at: mutation.path, to: value), options)
                }
            }
        }

        addMutations(
            person, validPerson,
            [
                Mutation(path: [.key("name")], values: strings),
                Mutation(path: [.key("age")], values: int8s),
                Mutation(path: [.key("email")], values: strings),
                Mutation(path: [.key("tags")], values: arrays),
                Mutation(path: [.key("tags"), .index(1)], values: ["null", "2", "\"ok\"", "[]"]),
                Mutation(
                    path: [.key("score")],
                    values: [
                        nil, "null", "\"1\"", "1e400", "1e-400", "-0.0", "1e16", "0.000001", "123456789.123456789",
                        "5e-324", "1E+2", "0.1",
                    ]),
                Mutation(
                    path: [.key("ratio")],
                    values: ["1e39", "3.4028235e38", "0.3333333333", "16777217", "1e-50", "-0", "\"x\""]),
                Mutation(path: [.key("count")], values: ["65536", "65535", "-1", "1.5", "\"7\""]),
                Mutation(
                    path: [.key("big")],
                    values: [
                        "9223372036854775808", "-9223372036854775808", "9223372036854775807.0", "1e18", "1e19",
                        "1.00000000000000000001",
                    ]),
                Mutation(path: [.key("active")], values: bools),
                Mutation(
                    path: [.key("owner")],
                    values: [
                        nil, "null", "[]", "\"o\"", "{}", #"{"email":null}"#, #"{"email":"e","since":"yesterday"}"#,
                        #"{"email":"e","level":256}"#,
                    ]),
                Mutation(path: [.key("owner"), .key("since")], values: ["null", "\"2024\"", "1e400", "true", "-1.5"]),
                Mutation(path: [.key("kind")], values: ["\"robot\"", "5"]),
            ])
        addMutations(
            person, minimalPerson,
            [
                Mutation(path: [.key("tags")], values: [#"["x",1,null]"#]),
                Mutation(path: [.key("age")], values: ["128", "-128"]),
            ])
        add(person, #"{"name":"a","name":5,"age":1,"tags":[],"active":true}"#)
        add(person, #"{"age":1000,"tags":[1],"active":"no"}"#)
        add(person, "[]")
        add(person, "null")
        add(person, "\"person\"")

        addMutations(
            todo,
            #"{"id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","title":"Buy milk","done":false,"due":730976400.5,"priority":"HIGH","link":"https://example.com/a?b=c","attachment":"aGVsbG8=","cost":12.50,"labels":["x","y","x"]}"#,
            [
                Mutation(
                    path: [.key("id")],
                    values: [
                        nil, "null", "\"nope\"", "\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"",
                        "\"e621e1f8c36c495a93fc0c247a3e6e5f\"", "\"{e621e1f8-c36c-495a-93fc-0c247a3e6e5f}\"",
                        "\"e621e1f8-c36c-495a-93fc-0c247a3e6e5g\"", "42",
                    ]),
                Mutation(
                    path: [.key("priority")], values: [nil, "null", "\"high\"", "\"low\"", "\"medium\"", "1", "\"\""]),
                Mutation(
                    path: [.key("link")],
                    values: [
                        "\"\"", "\"https://a.b/c d\"", "\"not a url\"", "\"mailto:a@b.c\"", "\"http://[::1]:80/x\"",
                        "1",
                    ]),
                Mutation(
                    path: [.key("attachment")],
                    values: ["\"***\"", "\"aGVsbG8\"", "\"\"", "\"YQ==\"", "\"YR==\"", "[104,105]", "5"]),
                Mutation(
                    path: [.key("cost")],
                    values: [
                        "null", "\"1.5\"", "true", "1e200", "-0", "0.1e-3",
                        "123456789012345678901234567890123456789012", "1.000", "-1.5e-3", "1e-41",
                    ]),
                Mutation(
                    path: [.key("due")], values: ["\"2024-03-01T09:00:00Z\"", "true", "{}", "1e400", "-978307200"]),
                Mutation(
                    path: [.key("labels")],
                    values: ["[]", "[\"a\",\"a\"]", "[\"b\",\"a\",\"\\u0062\",\"c\",\"a\"]", "[1]", "{}"]),
            ])

        addMutations(
            drawing,
            #"{"shapes":[{"circle":{"radius":2}},{"rect":{"_0":1,"_1":2.5}},{"label":{"text":"hi","size":3}},{"none":{}}],"level":2,"levels":[1,-1],"matrix":[[1,2],[3]]}"#,
            [
                Mutation(
                    path: [.key("shapes"), .index(0)],
                    values: [
                        "null", "\"circle\"", "{}", #"{"bad":{}}"#, #"{"circle":{},"rect":{}}"#,
                        #"{"circle":{"radius":1},"bad":{}}"#, #"{"circle":5}"#, #"{"circle":null}"#, #"{"circle":{}}"#,
                        #"{"circle":{"radius":"1"}}"#, #"{"none":{"x":1}}"#, #"{"none":null}"#, #"{"none":[]}"#,
                        #"{"label":{"text":"t"}}"#, #"{"label":{"text":"t","size":null}}"#,
                        #"{"label":{"text":"t","size":40000}}"#, #"{"rect":{"_0":1}}"#, "[]",
                    ]),
                Mutation(path: [.key("level")], values: [nil, "null", "3", "1.5", "\"1\"", "-1", "1.0", "1e0"]),
                Mutation(path: [.key("levels")], values: ["[1,2,3]", "[null]", "[\"1\"]"]),
                Mutation(
                    path: [.key("matrix")], values: ["[[2147483648]]", "[[1],null]", "[[1],[null]]", "[1]", "[[]]"]),
            ])

        addMutations(
            page, #"{"items":[\#(validPerson),\#(minimalPerson)],"next":2,"total":10}"#,
            [
                Mutation(path: [.key("items"), .index(1), .key("age")], values: ["300", "null", "\"x\""]),
                Mutation(path: [.key("items"), .index(1)], values: ["null", "{}", "[]"]),
                Mutation(path: [.key("items")], values: [nil, "null", "[]"]),
                Mutation(path: [.key("total")], values: ["-1", "18446744073709551615", "18446744073709551616"]),
            ])
        addMutations(
            pageOfInts, #"{"items":[1,2,3]}"#,
            [
                Mutation(path: [.key("items"), .index(2)], values: ["128", "null", "2.0", "\"3\""])
            ])

        addMutations(
            maps,
            #"{"byName":{"b":1,"a":2,"B":3,"a10":4,"a9":5},"byId":{"10":"x","9":"y","-1":"z"},"byFlag":[true,"t",false,"f"],"nested":{"k":[1,2]},"optionals":[1,null,3],"any":{"x":1.5}}"#,
            [
                Mutation(
                    path: [.key("byName")],
                    values: [
                        nil, "null", "[]", #"{"a":1,"a":2}"#, #"{"a":1,"\u0061":2,"b":3}"#, #"{"a":"1"}"#,
                        #"{"a":null}"#, "{}", #"{"é":1,"e":2,"z":3}"#,
                    ]),
                Mutation(
                    path: [.key("byId")],
                    values: [
                        #"{"01":"a"}"#, #"{"1":"a","2":"b","1":"d"}"#, #"{"+1":"a"}"#, #"{" 1":"a"}"#, #"{"x":"a"}"#,
                        #"{"1":1}"#,
                    ]),
                Mutation(
                    path: [.key("byFlag")],
                    values: ["[true,\"t\",false]", "[1,\"t\"]", "[true,\"a\",true,\"b\"]", "{}", "[]"]),
                Mutation(path: [.key("nested")], values: [#"{"k":[300]}"#, #"{"k":null}"#, #"{"k":{}}"#]),
                Mutation(path: [.key("optionals")], values: ["[null,null]", "[\"x\"]", "[1.5]"]),
            ])

        addMutations(
            renamed, #"{"first_name":"Ada","last name":"L","secret":"s","version":7}"#,
            [
                Mutation(path: [.key("first_name")], values: strings),
                Mutation(path: [.key("last name")], values: [nil, "null", "1"]),
            ])
        add(renamed, #"{"firstName":"Ada"}"#)

        let snakeOptions = ParityOptions(snakeCase: true)
        addMutations(
            snake, #"{"first_name":"Ada","user_id":1,"http_status_code":200,"_private":true}"#,
            [
                Mutation(path: [.key("first_name")], values: [nil, "null", "1"]),
                Mutation(path: [.key("user_id")], values: ["\"1\"", "1.5"]),
            ], snakeOptions)
        for json in [
            #"{"firstName":"a"}"#, #"{"first_name":"a","firstName":"b"}"#, #"{"FIRST_NAME":"a"}"#,
            #"{"first__name":"a"}"#, #"{"_first_name_":"a"}"#, #"{"first_name":"a","user_i_d":2}"#,
            #"{"first_name":"a","userId":3}"#, #"{"first_name":"a","__private":true}"#, #"{}"#,
        ] {
            add(snake, json, snakeOptions)
        }
        add(snake, #"{"first_name":"a"}"#)

        for (key, values) in [
            (
                "i",
                ["9223372036854775807", "9223372036854775808", "-9223372036854775809", "1e20", "-1.0", "1E2", "0.5"]
            ),
            ("i16", ["32767", "32768", "-32769"]), ("i32", ["2147483647", "2147483648", "-2147483649"]),
            ("u", ["18446744073709551615", "-1", "1.8446744073709552e19"]), ("u8", ["255", "256", "-0"]),
            ("u32", ["4294967295", "4294967296"]), ("u64", ["18446744073709551616", "1e19"]),
            ("f", ["1.17549435e-38", "123456789", "5e-324", "1e38", "-3.5e38", "0.1", "1.1e0", "2.5e-3"]),
            (
                "d",
                [
                    "2.2250738585072014e-308", "1e308", "1.7976931348623157e309", "100", "-0", "0.30000000000000004",
                    "1e-7", "123456789012345678", "\"NaN\"", "\"Infinity\"",
                ]
            ),
            ("dec", ["0", "1e3", "3.14159265358979323846264338327950288", "-0.0", "\"1\"", "true", "[]"]),
        ] {
            for value in values { add(numbers, "{\"\(key)\":\(value)}") }
        }
        let nonConforming = ParityOptions(nonConforming: true)
        for value in ["\"NaN\"", "\"Infinity\"", "\"-Infinity\"", "\"nan\"", "1.5"] {
            add(numbers, "{\"d\":\(value),\"f\":\(value)}", nonConforming)
        }

        let scalars: [String?] = [nil, "null", "\"1\"", "true", "{}", "[]", "1"]
        addMutations(
            required,
            #"{"link":"https://example.com","id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","amount":1.5,"ratio":0.5,"small":7}"#,
            ["link", "id", "amount", "ratio", "small"].map { Mutation(path: [.key($0)], values: scalars) })

        addMutations(
            crew,
            #"{"owners":[{"email":"e"}],"tags":["a","b"],"scores":{"a":1},"at":0,"id":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","kinds":["x"]}"#,
            ["owners", "tags", "scores", "at", "id"].map { Mutation(path: [.key($0)], values: [nil, "null", "1"]) })

        addMutations(
            bytes, #"{"payload":"AAEC/w=="}"#,
            [
                Mutation(
                    path: [.key("payload")],
                    values: [nil, "null", "\"\"", "\"AAEC/w\"", "\"A A==\"", "1", "[1,2]", #""\u0041AEC/w==""#])
            ])
        // Data is written back 49 152 bytes (16 384 groups of three) at a time: lengths about that.
        for count in [49_151, 49_152, 49_153, 98_305] {
            let payload = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
            add(bytes, "{\"payload\":\"\(payload.base64EncodedString())\"}")
        }
        let deferred = ParityOptions(deferredData: true)
        addMutations(
            bytes, #"{"payload":[0,1,255]}"#,
            [
                Mutation(path: [.key("payload")], values: ["[256]", "[-1]", "[1.5]", "\"AA==\"", "[]", "null"])
            ], deferred)

        for (input, output, values) in [
            (
                DateStrategy.reference, DateStrategy.seconds,
                ["730976400", "730976400.5", "-1", "\"x\"", "0", "null", "{}", "[]"]
            ),
            (.seconds, .iso8601, ["1709283600", "0", "-86400", "\"1709283600\"", "null"]),
            (.milliseconds, .milliseconds, ["1709283600123", "1709283600123.5", "true", "null"]),
            (
                .iso8601, .iso8601,
                [
                    "\"2024-03-01T09:00:00Z\"", "\"2024-03-01T09:00:00+01:00\"", "\"2024-03-01\"",
                    "\"2024-03-01T09:00:00\"", "1709283600", "\"2024-02-30T00:00:00Z\"", "null", "true",
                ]
            ),
            (.iso8601, .reference, ["\"2024-03-01T09:00:00.250Z\""]),
        ] {
            let options = ParityOptions(dates: input, outputDates: output)
            for value in values {
                add(stamped, "{\"at\":\(value)}", options)
                add(
                    stamped,
                    "{\"at\":\(values[0]),\"events\":[{\"at\":\(values[0]),\"name\":\"a\"},{\"at\":\(value),\"name\":\"b\"}]}",
                    options)
            }
        }

        add(people, "[\(validPerson),\(minimalPerson)]")
        add(people, "[\(validPerson),{}]")
        add(people, "[]")
        add(people, "{}")
        add(people, "[null]")
        add(optionalPerson, "null")
        add(optionalPerson, minimalPerson)
        add(optionalPerson, "{}")
        return cases
    }

    /// `json` with the value at `path` replaced by `raw` (raw JSON), or removed when `raw` is nil.
    static func mutate(_ json: String, at path: [Step], to raw: String?) -> String {
        let placeholder = "RAW-PLACEHOLDER-7f3a"
        guard let tree = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) else {
            return json
        }
        func replace(_ value: Any, _ rest: ArraySlice<Step>) -> Any? {
            guard let step = rest.first else { return raw == nil ? nil : placeholder }
            switch step {
            case .key(let key):
                guard var object = value as? [String: Any] else { return value }
                object[key] =
                    object[key].flatMap { replace($0, rest.dropFirst()) }
                    ?? (rest.count == 1 && raw != nil ? placeholder : nil)
                return object
            case .index(let index):
                guard var array = value as? [Any], index < array.count else { return value }
                array[index] = replace(array[index], rest.dropFirst()) ?? NSNull()
                return array
            }
        }
        let changed = replace(tree, path[...]) ?? NSNull()
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: changed, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        else { return json }
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"\(placeholder)\"", with: raw ?? "null")
    }
}
