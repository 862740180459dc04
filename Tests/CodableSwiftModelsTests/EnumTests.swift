import CodableModels
import CodableSwiftModels
import Testing

@Suite("Enums: raw values and associated values")
struct EnumTests {
    @Test func stringRawValuesDefaultToTheCaseName() throws {
        let source = #"enum Priority: String, Codable { case low, medium = "MED", high; case `default` }"#
        #expect(
            try summary(of: "Priority", in: source)
                == #"raw String: low="low" medium="MED" high="high" default="default""#)
    }

    @Test func integerRawValuesCountUp() throws {
        let source = """
            enum Level: Int, Codable { case a, b, c = 10, d, e = -2, f }
            enum Small: UInt8, Codable { case x = 1, y }
            enum Wide: Swift.Int64, Codable { case z }
            """
        let models = try readModels(source)
        #expect(summary(models["Level"]) == "raw Int: a=0 b=1 c=10 d=11 e=-2 f=-1")
        #expect(summary(models["Small"]) == "raw UInt8: x=1 y=2")
        #expect(summary(models["Wide"]) == "raw Int64: z=0")
    }

    @Test func rawTypeThroughAlias() throws {
        let source = "typealias Code = String\nenum Status: Code, Codable { case open }"
        #expect(try summary(of: "Status", in: source) == #"raw String: open="open""#)
    }

    @Test func otherRawTypesAreUnsupported() throws {
        let source = "enum Ratio: Double, Codable { case half = 0.5 }"
        #expect(
            try summary(of: "Ratio", in: source) == "unsupported: `Ratio` has the raw type `Double` (Models.swift:1); "
                + "codable reads enums with String or integer raw values")
    }

    @Test func associatedValues() throws {
        let source = """
            enum Command: Codable {
                case load(id: Int, String)
                case move(x: Double, y: Double)
                case stop
                case tag(Set<String>?)
                indirect case group([Command])
            }
            """
        #expect(
            try summary(of: "Command", in: source) == "tagged: load(id: Int, _1: String) move(x: Double, y: Double) "
                + "stop() tag(_0: Set<String>?) group(_0: [Command])")
    }

    @Test func caseAndPerCaseCodingKeys() throws {
        let source = """
            enum Event: Codable {
                case created(at: Date, String)
                case deleted
                case archived
                enum CodingKeys: String, CodingKey { case created = "CREATED", deleted }
                enum CreatedCodingKeys: String, CodingKey { case at = "timestamp", _1 = "by" }
            }
            """
        #expect(
            try summary(of: "Event", in: source) == "tagged: created@CREATED(timestamp: Date, by: String) deleted()")
    }

    @Test func perCaseKeysLeavingOutAValue() throws {
        let source = """
            enum Event: Codable {
                case created(at: Date, by: String)
                enum CreatedCodingKeys: CodingKey { case at }
            }
            """
        #expect(
            try summary(of: "Event", in: source) == "unsupported: `Event.created` has the value `by`, which "
                + "`Event.CreatedCodingKeys` leaves out (Models.swift:2); codable cannot decode the case without it")
    }

    @Test func caseKeysNamingNoCase() throws {
        let source = """
            enum Event: Codable {
                case created
                enum CodingKeys: CodingKey { case created, removed }
            }
            """
        #expect(
            try summary(of: "Event", in: source) == "unsupported: `Event.CodingKeys` has the case `removed`, which is "
                + "no case of `Event` (Models.swift:3); the compiler rejects this")
    }

    @Test func plainEnumsAreTagged() throws {
        #expect(try summary(of: "Mode", in: "enum Mode: Codable { case on, off }") == "tagged: on() off()")
    }

    @Test func associatedValueOfUnknownType() throws {
        let source = "enum Shape: Codable { case circle(radius: Radius) }"
        #expect(
            try summary(of: "Shape", in: source)
                == "unsupported: `Shape.circle` (Models.swift:1) has the value `radius` "
                + "of type `Radius`, and `Radius` is neither a builtin Codable type nor declared in the model files")
    }

    @Test func genericEnum() throws {
        let source = "enum Result<Value: Codable>: Codable { case success(Value), failure(message: String) }"
        let models = try readModels(source)
        #expect(models["Result"]?.genericParameters == ["Value"])
        #expect(summary(models["Result"]) == "tagged: success(_0: Value) failure(message: String)")
    }
}
