import CodableModels
import CodableSwiftModels
import Testing

@Suite("Types whose decoding the source does not tell")
struct UnsupportedTests {
    @Test func handWrittenInitFromDecoder() throws {
        let source = """
            import Foundation

            struct Legacy: Codable {
                var id: Int

                init(from decoder: Decoder) throws {
                    id = 1
                }
            }
            """
        #expect(
            try summary(of: "Legacy", in: source) == "unsupported: `Legacy` has a hand-written init(from:) "
                + "(Models.swift:6); codable cannot know how it decodes (remedy: describeWithSchema)")
    }

    @Test func handWrittenInitInAnExtensionAndEncode() throws {
        let source = """
            struct A: Codable { var id: Int }
            extension A { init(from decoder: any Decoder) throws { id = 0 } }
            enum B: String, Codable {
                case x
                func encode(to encoder: Encoder) throws {}
            }
            """
        let models = try readModels(source)
        #expect(
            summary(models["A"]) == "unsupported: `A` has a hand-written init(from:) (Models.swift:2); "
                + "codable cannot know how it decodes (remedy: describeWithSchema)")
        #expect(
            summary(models["B"]) == "unsupported: `B` has a hand-written encode(to:) (Models.swift:5); "
                + "codable cannot know how it encodes (remedy: describeWithSchema)")
    }

    @Test func otherInitializersAreFine() throws {
        let source =
            "struct A: Codable { var id: Int; init(id: Int) { self.id = id }; init(from text: String) { id = 0 } }"
        #expect(
            try summary(of: "A", in: source) == "unsupported: `A` has a hand-written init(from:) (Models.swift:1); "
                + "codable cannot know how it decodes (remedy: describeWithSchema)")
        let plain = "struct A: Codable { var id: Int; init(id: Int) { self.id = id } }"
        #expect(try summary(of: "A", in: plain) == "{id: Int}")
    }

    @Test func propertyWrapper() throws {
        let source = """
            struct Profile: Codable {
                @available(*, deprecated) var old: Int
                @Trimmed var name: String
            }
            """
        #expect(
            try summary(of: "Profile", in: source) == "unsupported: `Profile.name` has the property wrapper "
                + "`@Trimmed` (Models.swift:3); codable cannot know how it decodes (remedy: describeWithSchema)")
    }

    @Test func classWithASuperclass() throws {
        let source = """
            class Base: Codable { var id: Int = 0 }
            final class Item: Base { var name: String = "" }
            final class Node: NSObject, Codable { var id: Int = 0 }
            final class Store: Identifiable, Codable { var id: Int = 0 }
            """
        let models = try readModels(source)
        #expect(
            summary(models["Item"]) == "unsupported: `Item` inherits from the class `Base` (Models.swift:2); "
                + "codable cannot know how a subclass decodes (remedy: describeWithSchema)")
        #expect(
            summary(models["Node"]) == "unsupported: `Node` inherits from the class `NSObject` (Models.swift:3); "
                + "codable cannot know how a subclass decodes (remedy: describeWithSchema)")
        #expect(summary(models["Store"]) == "{id: Int}")
    }

    @Test func letWithComputedValue() throws {
        let source = "struct Stamp: Codable {\n    let created: Date = Date()\n}"
        #expect(
            try summary(of: "Stamp", in: source) == "unsupported: `Stamp.created` is a `let` whose initial value "
                + "`Date()` is not a literal (Models.swift:2); codable cannot know the value it encodes (remedy: describeWithSchema)"
        )
    }

    @Test func unknownAndNonCodablePropertyTypes() throws {
        let source = """
            struct User { var name: String }
            struct Todo: Codable {
                var title: String
                var owner: User
            }
            struct Note: Codable { var color: UIColor }
            struct Pair: Codable { var both: (Int, Int) }
            struct Handler: Codable { var run: () -> Void }
            struct Value: Codable { var any: any Codable }
            """
        let models = try readModels(source)
        #expect(
            summary(models["Todo"]) == "unsupported: `Todo.owner` (Models.swift:4) has type `User`, and `User` does "
                + "not conform to Codable or Decodable (Models.swift:1)")
        #expect(
            summary(models["User"]) == "unsupported: `User` does not conform to Codable or Decodable (Models.swift:1)")
        #expect(
            summary(models["Note"]) == "unsupported: `Note.color` (Models.swift:6) has type `UIColor`, and `UIColor` "
                + "is neither a builtin Codable type nor declared in the model files")
        #expect(
            summary(models["Pair"]) == "unsupported: `Pair.both` (Models.swift:7) has type `(Int, Int)`, and "
                + "`(Int, Int)` is not a type Codable can decode")
        #expect(
            summary(models["Handler"]) == "unsupported: `Handler.run` (Models.swift:8) has type `() -> Void`, and "
                + "`() -> Void` is not a type Codable can decode")
        #expect(
            summary(models["Value"]) == "unsupported: `Value.any` (Models.swift:9) has type `any Codable`, and "
                + "`any Codable` is not a type Codable can decode")
    }

    @Test func cyclesThatTheCompilerRejectsDoNotHang() throws {
        let source = """
            class A: B, Codable { var x = 0 }
            class B: A { var y = 0 }
            typealias P = Q
            typealias Q = P
            final class C: P, Codable { var z = 0 }
            struct D: Codable, Identifiable { var id: D.ID }
            """
        let models = try readModels(source)
        #expect(
            summary(models["A"]) == "unsupported: `A` inherits from the class `B` (Models.swift:1); "
                + "codable cannot know how a subclass decodes (remedy: describeWithSchema)")
        #expect(
            summary(models["C"]) == "unsupported: `C` inherits from the class `P` (Models.swift:5); "
                + "codable cannot know how a subclass decodes (remedy: describeWithSchema)")
        #expect(
            summary(models["D"]) == "unsupported: `D.id` (Models.swift:6) has type `D.ID`, and `D.ID` refers to itself")
    }

    @Test func protocolTypedProperty() throws {
        let source = "protocol Shape: Codable {}\nstruct Drawing: Codable { var shapes: [Shape] }"
        #expect(
            try summary(of: "Drawing", in: source) == "unsupported: `Drawing.shapes` (Models.swift:2) has type "
                + "`[Shape]`, and `Shape` is not a type Codable can decode")
    }

    @Test func propertyWithoutInferableType() throws {
        let source = "struct A: Codable { var list = [] ; var made = make() }"
        #expect(
            try summary(of: "A", in: source) == "unsupported: `A.list` has no written type and codable cannot infer "
                + "one (Models.swift:1); write its type")
    }

    @Test func initializerCallOfNoKnownType() throws {
        let source = "struct A: Codable { var made = makeUser() }"
        #expect(
            try summary(of: "A", in: source) == "unsupported: `A.made` has no written type (Models.swift:1) and its "
                + "initial value `makeUser()` calls `makeUser`, but `makeUser` is neither a builtin Codable type nor "
                + "declared in the model files; write its type")
    }

    @Test func letWithACallWhoseValueIsCode() throws {
        let source =
            "struct User: Codable { var name: String }\nstruct A: Codable { let users = [User](repeating: User(name: \"a\"), count: 2) }"
        #expect(try summary(of: "A", in: source).hasPrefix("unsupported: `A.users` is a `let` whose initial value"))
    }

    @Test func destructuringPattern() throws {
        let source = "struct A: Codable { var (x, y): (Int, Int) }"
        #expect(
            try summary(of: "A", in: source) == "unsupported: `A` declares `(x, y)` by destructuring (Models.swift:1); "
                + "write one property per name")
    }

    @Test func protocolsActorsAndCodingKeysAreNotModels() throws {
        let source = "protocol P: Codable {}\nactor Cache { var x = 0 }\nenum Keys: String, CodingKey { case a }"
        #expect(try readModels(source).types.isEmpty)
    }
}
