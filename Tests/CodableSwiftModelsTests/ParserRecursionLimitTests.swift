import CodableModels
import CodableSwiftModels
import Testing

/// What swift-syntax parses by recursion with no bound of its own (angle brackets, `->` in one
/// type, `#if` in `#if`, `try`/`await` in a row, `else if` chains), and the chains it builds in
/// a loop that codable then read by recursion (`Int???…`, `A.B.C…`, `x!!!…`), are bounded: at
/// the limit the file is read, one past it is refused at the place that goes over, and what
/// ordinary code does many times over (comparisons, protocol requirements, `try` statements)
/// never adds up to a limit. Unbounded, thousands of levels would crash codable with a stack
/// overflow (the swift-model-reader fuzz target found the angle brackets).
@Suite("Parser recursion limits in model files")
struct ParserRecursionLimitTests {
    static let model = "struct A: Codable { var a: Int }\n"

    private func expectRead(_ source: String, _ comment: Comment? = nil) {
        do { _ = try readModels(source) } catch { Issue.record("\(error) \(comment.map { "\($0)" } ?? "")") }
    }

    private func expectRefused(_ source: String, message: String, line: Int, column: Int) {
        let error = #expect(throws: ModelReadError.self) { try readModels(source, path: "A.swift") }
        #expect(error?.message == message)
        #expect(error?.origin == SourceOrigin(file: "A.swift", line: line, column: column))
    }

    private static func stackMessage(_ what: String) -> String {
        "\(what): codable does not read such a model (the Swift parser would run out of stack)"
    }

    @Test func angleBrackets() {
        func source(_ depth: Int) -> String {
            Self.model + "let x: " + String(repeating: "Array<", count: depth) + "Int"
                + String(repeating: ">", count: depth) + " = []\n"
        }
        expectRead(source(64))
        // Line 2, "let x: " then 64 "Array<": the 65th '<' is at column 8 + 64 * 6 + 5.
        expectRefused(
            source(65), message: Self.stackMessage("angle brackets nested more than 64 deep"), line: 2,
            column: 8 + 64 * 6 + 5)
        // Never closed, as the fuzz target's find had them.
        expectRefused(
            "let x: " + String(repeating: "a<", count: 2_000),
            message: Self.stackMessage("angle brackets nested more than 64 deep"), line: 1, column: 8 + 64 * 2 + 1)
    }

    @Test func arrowsInOneType() {
        func source(_ count: Int) -> String {
            Self.model + "let f: " + String(repeating: "(Int) -> ", count: count) + "Int\n"
        }
        expectRead(source(64))
        expectRefused(
            source(65), message: Self.stackMessage("more than 64 '->' in one type"), line: 2, column: 8 + 64 * 9 + 6)
    }

    @Test func conditionalBlocks() {
        func source(_ depth: Int) -> String {
            Self.model + String(repeating: "#if X\n", count: depth) + String(repeating: "#endif\n", count: depth)
        }
        // (A debug build of swift-syntax refuses more than 20 itself.)
        expectRead(source(16))
        expectRefused(source(65), message: Self.stackMessage("#if nested more than 64 deep"), line: 66, column: 1)
    }

    @Test func prefixKeywordsInARow() {
        for keyword in ["try ", "try? ", "await "] {
            func source(_ count: Int) -> String {
                Self.model + "let x = " + String(repeating: keyword, count: count) + "f()\n"
            }
            expectRead(source(64), "\(keyword)")
            expectRefused(
                source(65), message: Self.stackMessage("more than 64 'try', 'await' or the like in a row"),
                line: 2, column: 9 + 64 * keyword.count)
        }
    }

    @Test func elseIfChains() {
        func source(_ count: Int, body: String = "return 1") -> String {
            Self.model + "func f(_ a: Int) -> Int {\n    if a == 0 { return 0 }"
                + String(repeating: " else if a == 1 { \(body) }", count: count) + " else { return 2 }\n}\n"
        }
        expectRead(source(128))
        let chainStart = "    if a == 0 { return 0 }".count
        let link = " else if a == 1 { return 1 }".count
        expectRefused(
            source(129), message: Self.stackMessage("more than 128 'else if' in one chain"), line: 3,
            column: chainStart + 128 * link + 7)
        // A chain inside a body neither ends the chain around it nor hides it: it adds to it.
        let inner = "if a == 2 { return 3 } else if a == 3 { return 4 }; _ = 0"
        let nestedLink = " else if a == 1 { \(inner) }".count
        expectRead(source(127, body: inner))
        expectRefused(
            source(129, body: inner), message: Self.stackMessage("more than 128 'else if' in one chain"), line: 3,
            column: chainStart + 127 * nestedLink + " else if a == 1 { if a == 2 { return 3 } else ".count + 1)
    }

    @Test func ordinaryCodeDoesNotAddUp() {
        let comparisons = String(
            repeating: "    static func less(_ a: Int, _ b: Int) -> Bool { a < b && b < a + 1 }\n", count: 100)
        let requirements = String(
            repeating: "    func value() -> Int\n    var closure: (Int) -> Int { get }\n", count: 100)
        let statements = String(repeating: "        try container.encode(a, forKey: .a)\n", count: 100)
        let chains = String(
            repeating: "    func g(_ a: Int) -> Int { if a == 0 { return 0 }"
                + String(repeating: " else if a == 1 { return 1 }", count: 100) + " else { return 2 } }\n", count: 3)
        expectRead(
            Self.model + "enum Less {\n\(comparisons)}\nprotocol P {\n\(requirements)}\n"
                + "struct B: Encodable {\n    var a: Int\n    func encode(to encoder: Encoder) throws {\n        var container = encoder.container(keyedBy: CodingKeys.self)\n\(statements)    }\n"
                + chains + "}\n")
    }

    @Test func typesNestedByPostfixChains() throws {
        func source(_ marks: Int) -> String {
            "struct A: Codable {\n    var a: Int" + String(repeating: "?", count: marks) + "\n}\n"
        }
        expectRead(source(127))  // 128 types deep
        expectRefused(
            source(128), message: "a type nested more than 128 deep: codable does not read such a model", line: 2,
            column: 12)
        expectRefused(
            "struct A: Codable {\n    var a: " + String(repeating: "B.", count: 5_000) + "C\n}\n",
            message: "a type nested more than 128 deep: codable does not read such a model", line: 2, column: 12)
    }

    @Test func expressionsNestedByPostfixChains() {
        expectRefused(
            Self.model + "let x = y" + String(repeating: "!", count: 5_000) + "\n",
            message: "code nested more than 1000 deep: codable does not read such a model", line: 2, column: 9)
    }
}
