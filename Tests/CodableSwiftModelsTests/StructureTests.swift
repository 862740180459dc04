import CodableModels
import CodableSwiftModels
import Testing

@Suite("Structures: stored properties, types, conformance")
struct StructureTests {
    @Test func storedPropertiesInOrder() throws {
        let source = """
            import Foundation
            struct Todo: Codable {
                let id: UUID
                var title: String
                var isDone: Bool = false
                var due: Date?
                let tags: [String]
            }
            """
        #expect(
            try summary(of: "Todo", in: source)
                == "{id: UUID, title: String, isDone: Bool, due: Date?, tags: [String]}")
    }

    @Test func builtinTypes() throws {
        let source = """
            struct All: Decodable {
                var b: Bool; var s: String; var c: Character
                var i: Int; var i8: Int8; var i16: Int16; var i32: Int32; var i64: Int64
                var u: UInt; var u8: UInt8; var u16: UInt16; var u32: UInt32; var u64: UInt64
                var f: Float; var d: Double; var g: CGFloat; var t: TimeInterval; var m: Decimal
                var date: Date; var url: URL; var uuid: UUID; var data: Data
                var fd: Foundation.Date; var fu: Foundation.URL; var si: Swift.Int
            }
            """
        #expect(
            try summary(of: "All", in: source) == "{b: Bool, s: String, c: String, i: Int, i8: Int8, i16: Int16, "
                + "i32: Int32, i64: Int64, u: UInt, u8: UInt8, u16: UInt16, u32: UInt32, u64: UInt64, f: Float, d: Double, "
                + "g: Double, t: Double, m: Decimal, date: Date, url: URL, uuid: UUID, data: Data, fd: Date, fu: URL, si: Int}"
        )
    }

    @Test func optionalAndCollectionSpellings() throws {
        let source = """
            struct Shapes: Codable {
                var a: Int?
                var b: Optional<Int>
                var c: Int!
                var d: [Int]
                var e: Array<String>
                var f: Set<String>
                var g: [String: Int]
                var h: Dictionary<String, [Int]>
                var i: [Int: String]?
                var j: [[String]?]
                var k: Swift.Optional<Int>
                var l: ContiguousArray<Int>
            }
            """
        #expect(
            try summary(of: "Shapes", in: source) == "{a: Int?, b: Int?, c: Int?, d: [Int], e: [String], "
                + "f: Set<String>, g: [String: Int], h: [String: [Int]], i: [Int: String]?, j: [[String]?], k: Int?, l: [Int]}"
        )
    }

    @Test func computedStaticLazyAndObservedProperties() throws {
        let source = """
            struct Item: Codable {
                static let shared = 1
                static var counter: Int = 0
                lazy var cache: [String] = []
                var name: String
                var upper: String { name.uppercased() }
                var getSet: Int { get { 1 } set { } }
                var observed: Int = 0 { didSet { print(oldValue) } }
                func describe() -> String { name }
            }
            """
        #expect(try summary(of: "Item", in: source) == "{name: String, observed: Int}")
    }

    @Test func severalBindingsShareOneType() throws {
        let source = "struct Point: Codable { var x, y: Double; let label = \"p\", z: Int }"
        #expect(try summary(of: "Point", in: source) == "{x: Double, y: Double, label: String = \"p\", z: Int}")
    }

    @Test func varWithDefaultIsStillCoded() throws {
        let source = "struct Settings: Codable { var retries = 3; var name: String = \"x\"; var ratio = 0.5 }"
        #expect(try summary(of: "Settings", in: source) == "{retries: Int, name: String, ratio: Double}")
    }

    @Test func letConstantsBecomeJSON() throws {
        let source = #"""
            struct Constants: Codable {
                let version = 2
                let negative = -3
                let ratio: Double = 1.0
                let half = 0.5
                let kind = "book \"one\"\n"
                let flag = true
                let missing: Int? = nil
                let list = [1, 2, 3]
                let mixed = [1, 2.5]
                let map = ["a": 1, "b": 2]
                let byNumber: [Int: String] = [1: "one"]
                let empty: [String] = []
                let emptyMap: [String: Int] = [:]
                let hex = 0x1F
            }
            """#
        #expect(
            try summary(of: "Constants", in: source) == #"{version: Int = 2, negative: Int = -3, ratio: Double = 1, "#
                + #"half: Double = 0.5, kind: String = "book \"one\"\n", flag: Bool = true, missing: Int? = null, "#
                + #"list: [Int] = [1,2,3], mixed: [Double] = [1,2.5], map: [String: Int] = {"a":1,"b":2}, "#
                + #"byNumber: [Int: String] = {"1":"one"}, empty: [String] = [], emptyMap: [String: Int] = {}, hex: Int = 31}"#
        )
    }

    @Test func typeInferredFromAnInitializerCall() throws {
        let source = "import Foundation\nstruct Stamp: Codable { var at = Date(); var id = UUID() }"
        #expect(try summary(of: "Stamp", in: source) == "{at: Date, id: UUID}")
    }

    @Test func typeInferredFromCollectionAndGenericInitializerCalls() throws {
        let source = """
            import Foundation
            struct User: Codable { var name: String }
            struct Team: Codable {
                var users = [User]()
                var tags = Set<String>()
                var counts = [String: Int]()
                var grid = [[Double]]()
                var ids = Array<Int>.init()
                var lead = User(name: "Ada")
                var stamp = Foundation.Date()
            }
            """
        #expect(
            try summary(of: "Team", in: source) == "{users: [User], tags: Set<String>, counts: [String: Int], "
                + "grid: [[Double]], ids: [Int], lead: User, stamp: Date}")
    }

    /// A `let` with an initial value is encoded and never decoded: a call whose value is fixed
    /// (an empty collection, `String()`, `Int()`, `Bool()`) is a constant, as a literal is.
    @Test func emptyInitializerCallsAreConstants() throws {
        let source = """
            struct Box: Codable {
                let items = [Int]()
                let tags = Set<String>()
                let byName = [String: Int]()
                let byFlag = [Bool: Int]()
                let label = String()
                let zero = Int8()
                let no = Bool()
            }
            """
        #expect(
            try summary(of: "Box", in: source) == #"{items: [Int] = [], tags: Set<String> = [], "#
                + #"byName: [String: Int] = {}, byFlag: [Bool: Int] = [], label: String = "", zero: Int8 = 0, "#
                + #"no: Bool = false}"#)
    }

    @Test func finalAndOpenClasses() throws {
        let source = """
            final class Account: Codable { var id: Int = 0; var owner: String = "" }
            class Plain: Codable { var id: Int = 0 }
            """
        let models = try readModels(source)
        #expect(summary(models["Account"]) == "{id: Int, owner: String}")
        #expect(summary(models["Plain"]) == "{id: Int}")
    }

    @Test func conformanceThroughExtensionProtocolAndAlias() throws {
        let source = """
            protocol Model: Codable, Identifiable {}
            protocol Entity: Model {}
            typealias Storable = Decodable & Hashable
            struct A { var x: Int }
            extension A: Codable {}
            struct B: Entity { var id: Int }
            struct C: Storable { var id: Int }
            struct D: Encodable { var id: Int }
            struct E: Swift.Decodable { var id: Int }
            """
        let models = try readModels(source)
        #expect(summary(models["A"]) == "{x: Int}")
        #expect(summary(models["B"]) == "{id: Int}")
        #expect(summary(models["C"]) == "{id: Int}")
        #expect(summary(models["D"]) == "unsupported: `D` does not conform to Codable or Decodable (Models.swift:8)")
        #expect(summary(models["E"]) == "{id: Int}")
        #expect(models["Model"] == nil)
    }

    @Test func originsPointAtNames() throws {
        let source = "import Foundation\n\nstruct Todo: Codable {\n    let id: UUID\n    var title: String\n}\n"
        let models = try readModels(source, path: "Todo.swift")
        let todo = try #require(models["Todo"])
        #expect(todo.origin == SourceOrigin(file: "Todo.swift", line: 3, column: 8))
        guard case .structure(let properties) = todo.shape else {
            Issue.record("not a structure")
            return
        }
        #expect(
            properties.map(\.origin) == [
                SourceOrigin(file: "Todo.swift", line: 4, column: 9),
                SourceOrigin(file: "Todo.swift", line: 5, column: 9),
            ])
    }

    @Test func columnsCountCharacters() throws {
        let source = "/* é */ struct Café: Codable { var prix: Int }"
        let models = try readModels(source)
        #expect(models["Café"]?.origin.column == 16)
    }
}

@Suite("Declarations in #if, backticks, modifiers")
struct DeclarationFormTests {
    @Test func firstBranchOfIfConfig() throws {
        let source = """
            struct Settings: Codable {
                var name: String
                #if DEBUG
                var debugLevel: Int
                #else
                var releaseChannel: String
                #endif
            }
            #if os(Linux)
            struct LinuxOnly: Codable { var path: String }
            #endif
            """
        let models = try readModels(source)
        #expect(summary(models["Settings"]) == "{name: String, debugLevel: Int}")
        #expect(summary(models["LinuxOnly"]) == "{path: String}")
    }

    @Test func backtickedNamesAndModifiers() throws {
        let source = """
            public struct `Type`: Codable {
                public private(set) var `default`: Bool
                @objc dynamic var `class`: String = ""
                nonisolated(unsafe) var shared: Int
                private let `let`: Int
            }
            """
        #expect(try summary(of: "Type", in: source) == "{default: Bool, class: String, shared: Int, let: Int}")
    }
}
