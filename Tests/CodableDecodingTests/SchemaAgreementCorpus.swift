import CodableDates
import CodableDecoding
import CodableModels
import CodableSwiftModels
import Foundation

/// Inputs for the schema agreement tests: for each model of `SchemaAgreementTypes.swift` a
/// valid input, and each of its values replaced by wrong types, nulls, out-of-range numbers,
/// bad raw values and bad dates, or removed; under several strategies.
enum SchemaAgreementCorpus {
    struct Item {
        var root: TypeReference
        var json: String
        var options: DecodingOptions
        var label: String
        /// `JSONDecoder` with the same strategies decodes it (the real type).
        var foundation: @Sendable (String) -> Bool
    }

    static func models() throws -> ModelSet {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("SchemaAgreementTypes.swift").path
        return try SwiftModelReader().read(paths: [path])
    }

    /// A label naming the strategies (a cache key).
    static func label(_ options: DecodingOptions) -> String {
        var parts = [options.defaultDates.strategy.name, options.data.rawValue]
        if options.keys == .convertFromSnakeCase { parts.append("snake") }
        if options.nonConformingFloats != nil { parts.append("non-conforming") }
        parts += options.dateRules.map { "\($0.steps)=\($0.codec.strategy.name)" }
        return parts.joined(separator: " ")
    }

    /// Strategies for both decoders.
    struct Strategies: Sendable {
        var label: String
        var dates: DateStrategy = .reference
        var snakeCase = false
        var deferredData = false
        var nonConforming = false

        var options: DecodingOptions {
            DecodingOptions(
                keys: snakeCase ? .convertFromSnakeCase : .useDefaultKeys, defaultDates: DateCodec(dates),
                outputDates: DateCodec(dates == .auto ? .iso8601 : dates), data: deferredData ? .deferred : .base64,
                nonConformingFloats: nonConforming
                    ? .init(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN") : nil)
        }

        var decoder: JSONDecoder {
            let decoder = JSONDecoder()
            if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
            switch dates {
            case .seconds: decoder.dateDecodingStrategy = .secondsSince1970
            case .milliseconds: decoder.dateDecodingStrategy = .millisecondsSince1970
            case .iso8601: decoder.dateDecodingStrategy = .iso8601
            case .format(let pattern): decoder.dateDecodingStrategy = .formatted(pattern.makeFormatter())
            default: decoder.dateDecodingStrategy = .deferredToDate
            }
            if deferredData { decoder.dataDecodingStrategy = .deferredToData }
            if nonConforming {
                decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                    positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
            }
            return decoder
        }
    }

    static func foundation<T: Decodable & SendableMetatype>(_ type: T.Type, _ strategies: Strategies)
        -> @Sendable (String) -> Bool
    {
        { json in (try? strategies.decoder.decode(T.self, from: Data(json.utf8))) != nil }
    }

    static let strings: [String?] = [nil, "null", "1", "true", "{}", "[]", "\"\"", "\"x\""]
    static let int8s: [String?] = [
        nil, "null", "\"1\"", "127", "128", "-128", "-129", "1.0", "1.5", "1e2", "3e2", "-0",
    ]
    static let int16s: [String?] = [nil, "null", "32767", "32768", "-32769", "2.5", "\"7\""]
    static let uint8s: [String?] = [nil, "null", "0", "255", "256", "-1", "2.0e2", "false"]
    static let uint32s: [String?] = [nil, "4294967295", "4294967296", "-0.0", "1e9"]
    static let bools: [String?] = [nil, "null", "1", "\"true\"", "false", "[]"]
    static let arrays: [String?] = [nil, "null", "{}", "\"a\"", "[]", "[1]", "[null]", #"["a","b","a"]"#]
    static let floats: [String?] = [nil, "null", "1.5", "1e39", "-1e39", "3.4e38", "\"1\"", "-0", "1e-3"]
    static let doubles: [String?] = [nil, "null", "1e308", "1e309", "-1e309", "5", "\"5\"", "[]"]
    static let statuses: [String?] = [nil, "null", "0", "1", "10", "2", "-1", "\"0\"", "1.0", "1e1", "true"]
    static let commands: [String?] = [
        nil, "null", #"{"move":{"x":1,"y":2}}"#, #"{"say":{"_0":"hi"}}"#, #"{"stop":{}}"#,
        #"{"stop":{},"say":{"_0":"x"}}"#, "{}", #"{"unknown":{}}"#, #"{"stop":{},"other":1}"#, #"{"move":{"x":1}}"#,
        #"{"move":{"x":1,"y":300}}"#, #"{"tag":{"_1":0}}"#, #"{"tag":{"label":null,"_1":1}}"#,
        #"{"tag":{"label":"a","_1":5}}"#, #"{"stop":[]}"#, #"{"say":{"_0":null}}"#, #""stop""#, #"{"say":{}}"#,
        #"{"move":{"x":1,"y":2,"z":3}}"#, "[]",
    ]

    static var all: [Item] {
        var items: [Item] = []
        func add(
            _ root: TypeReference, _ json: String, _ strategies: Strategies,
            _ foundation: @escaping @Sendable (String) -> Bool
        ) {
            items.append(
                Item(
                    root: root, json: json, options: strategies.options, label: strategies.label, foundation: foundation
                ))
        }
        func mutations(
            _ root: TypeReference, _ base: String, _ strategies: Strategies,
            _ foundation: @escaping @Sendable (String) -> Bool,
            _ places: [([ParityCorpus.Step], [String?])]
        ) {
            add(root, base, strategies, foundation)
            for (path, values) in places {
                for value in values {
                    add(root, ParityCorpus.mutate(base, at: path, to: value), strategies, foundation)
                }
            }
        }
        let plain = Strategies(label: "default")
        let tree = TypeReference.named("Tree", arguments: [])
        mutations(
            tree,
            #"{"name":"root","weight":1,"children":[{"name":"a","weight":2,"children":[]},{"name":"b","weight":3}]}"#,
            plain, foundation(Tree.self, plain),
            [
                ([.key("name")], strings), ([.key("weight")], int16s), ([.key("children")], arrays),
                ([.key("children"), .index(0), .key("weight")], int16s),
                ([.key("children"), .index(1), .key("name")], strings),
                ([.key("children"), .index(0), .key("children")], arrays + [#"[{"name":"c","weight":70000}]"#]),
            ])

        let snake = Strategies(label: "snake", snakeCase: true)
        let account = TypeReference.named("Account", arguments: [])
        let snakeBase =
            #"{"first_name":"Ada","user_i_d":7,"http_status_code":200,"_flag":true,"is_active":true,"tags":["a","a"]}"#
        mutations(
            account, snakeBase, snake, foundation(Account.self, snake),
            [
                ([.key("first_name")], strings), ([.key("user_i_d")], int8s), ([.key("http_status_code")], uint8s),
                ([.key("_flag")], bools), ([.key("is_active")], bools), ([.key("tags")], arrays),
            ])
        for keys in [
            #"{"FIRST_NAME":"a","http_status_code":1,"is_active":true,"tags":[]}"#,
            #"{"first__name":"a","HTTP_STATUS_CODE":1,"IS_ACTIVE":false,"tags":[]}"#,
            #"{"firstName":"a","httpStatusCode":1,"isActive":true,"tags":[]}"#,
            #"{"firstname":"a","httpStatusCode":1,"isActive":true,"tags":[]}"#,
            #"{"first_name_":"a","httpStatusCode":1,"isActive":true,"tags":[]}"#,
            #"{"_first_name":"a","httpStatusCode":1,"isActive":true,"tags":[]}"#,
            #"{"first_name":"a","userID":"x","httpStatusCode":1,"isActive":true,"tags":[]}"#,
            #"{"first_name":"a","user_id":"x","httpStatusCode":1,"isActive":true,"tags":[]}"#,
            #"{"first_name":"a","http_status_code":1,"is_active":true,"tags":[],"__flag":1}"#,
            #"{"first_name":"a","http_status_code":1,"is_active":true,"tags":[],"_flag_":1}"#,
            #"{"first_name":"a","http_status_code":1,"is_active":true,"tags":[],"Flag":1}"#,
        ] {
            add(account, keys, snake, foundation(Account.self, snake))
        }
        let camel = #"{"firstName":"a","userID":1,"httpStatusCode":1,"isActive":true,"tags":[]}"#
        mutations(
            account, camel, plain, foundation(Account.self, plain),
            [([.key("userID")], int8s), ([.key("_flag")], bools)])
        add(account, snakeBase, plain, foundation(Account.self, plain))

        let moment = TypeReference.named("Moment", arguments: [])
        let numbers: [String?] = [nil, "null", "0", "1e9", "-5.5", "1e400", "\"0\"", "true", "{}"]
        let isoStrings: [String?] = [
            nil, "null", "0", "\"2024-01-01T00:00:00Z\"", "\"2024-01-01T10:20:30.123+02:00\"",
            "\"2024-13-01T00:00:00Z\"",
            "\"yesterday\"", "\"2024-01-01\"", "\"2024-01-01T00:00:00\"", "\"2024-01-32T00:00:00Z\"", "[]",
        ]
        for dates in [DateStrategy.reference, .seconds, .milliseconds] {
            let strategies = Strategies(label: dates.name, dates: dates)
            mutations(
                moment, #"{"at":1,"until":2.5,"history":[3]}"#, strategies, foundation(Moment.self, strategies),
                [([.key("at")], numbers), ([.key("until")], numbers), ([.key("history"), .index(0)], numbers)])
        }
        let iso = Strategies(label: "iso8601", dates: .iso8601)
        mutations(
            moment, #"{"at":"2024-05-06T07:08:09Z","history":["2001-01-01T00:00:00Z"]}"#, iso,
            foundation(Moment.self, iso),
            [([.key("at")], isoStrings), ([.key("until")], isoStrings), ([.key("history"), .index(0)], isoStrings)])
        let dayPattern = Strategies(label: "format:yyyy-MM-dd", dates: .format(DateFormatPattern("yyyy-MM-dd")))
        let days: [String?] = [
            nil, "null", "\"2024-01-01\"", "\"2024-1-5\"", "\"01/02/2024\"", "\"2024-01-01T00:00:00Z\"", "\"x\"", "5",
        ]
        mutations(
            moment, #"{"at":"2024-05-06"}"#, dayPattern, foundation(Moment.self, dayPattern),
            [([.key("at")], days), ([.key("until")], days)])

        let settings = TypeReference.named("Settings", arguments: [])
        mutations(
            settings,
            #"{"version":2,"name":"s","max_limit":3,"status":1,"commands":[{"stop":{}},{"move":{"x":1,"y":-1}}],"local":5}"#,
            plain, foundation(Settings.self, plain),
            [
                ([.key("version")], int8s), ([.key("name")], strings), ([.key("max_limit")], int8s),
                ([.key("status")], statuses), ([.key("commands"), .index(0)], commands), ([.key("commands")], arrays),
            ])
        add(
            settings, #"{"version":2,"name":"s","limit":3,"status":1,"commands":[]}"#, plain,
            foundation(Settings.self, plain))

        let wrapper = TypeReference.named("Wrapper", arguments: [.named("Status", arguments: [])])
        mutations(
            wrapper, #"{"value":0,"values":[1,10],"count":4}"#, plain, foundation(Wrapper<Status>.self, plain),
            [([.key("value")], statuses), ([.key("values"), .index(1)], statuses), ([.key("count")], uint32s)])
        let nested = TypeReference.named("Wrapper", arguments: [.named("Wrapper", arguments: [.integer(.uint8)])])
        mutations(
            nested, #"{"value":{"value":1,"count":0},"count":1}"#, plain,
            foundation(Wrapper<Wrapper<UInt8>>.self, plain),
            [([.key("value"), .key("value")], uint8s), ([.key("value")], strings)])

        let inventory = TypeReference.named("Inventory", arguments: [])
        let uuid = "\"0E8F2C1A-3B4D-4E5F-8A9B-0C1D2E3F4A5B\""
        let inventoryBase =
            #"{"byID":{"1":"a","-2":"b"},"counts":{"x":1},"owners":[\#(uuid),1],"blob":"QUJD","ratio":0.5,"price":9.99}"#
        let owners: [String?] = [
            nil, "null", "[]", "[\(uuid)]", "[\(uuid),1,\(uuid),2]", "[\"bad\",1]", "[\(uuid.lowercased()),1]", "{}",
            "[\(uuid),\"1\"]",
        ]
        let blobs: [String?] = [nil, "null", "\"\"", "\"QQ==\"", "\"QUJ\"", "\"QQ\"", "\"QU JD\"", "5", "[1,2]"]
        let intKeyed: [String?] = [
            nil, "null", "{}", #"{"x":"a"}"#, #"{"01":"a","+3":"c"}"#, #"{"1":5}"#, "[]", #"{"-":"a"}"#,
            #"{"1.5":"a"}"#,
        ]
        let counts: [String?] = [nil, "{}", #"{"a":65535}"#, #"{"a":65536}"#, #"{"a":null}"#, "[]"]
        for strategies in [plain, Strategies(label: "non-conforming", nonConforming: true)] {
            mutations(
                inventory, inventoryBase, strategies, foundation(Inventory.self, strategies),
                [
                    ([.key("byID")], intKeyed), ([.key("counts")], counts), ([.key("owners")], owners),
                    ([.key("blob")], blobs),
                    ([.key("ratio")], floats + ["\"NaN\"", "\"Infinity\"", "\"-Infinity\"", "\"nan\""]),
                    ([.key("price")], doubles + ["\"NaN\"", "\"inf\""]),
                ])
        }
        let deferred = Strategies(label: "deferred", deferredData: true)
        mutations(
            inventory, #"{"byID":{},"counts":{},"blob":[1,2],"ratio":1}"#, deferred,
            foundation(Inventory.self, deferred),
            [([.key("blob")], [nil, "null", "[]", "[256]", "[-1]", "\"QUJD\"", "[1.0]", "[\"1\"]"])])
        return items
    }
}
