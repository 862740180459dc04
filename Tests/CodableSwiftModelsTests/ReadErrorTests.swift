import CodableModels
import CodableSwiftModels
import Foundation
import Testing

@Suite("Syntax errors, files and folders")
struct ReadErrorTests {
    @Test func syntaxErrorIsLocated() throws {
        let source = "struct Todo: Codable {\n    var title: String\n    var done Bool\n}\n"
        let error = #expect(throws: ModelReadError.self) { try readModels(source, path: "Todo.swift") }
        #expect(error?.origin == SourceOrigin(file: "Todo.swift", line: 3, column: 13))
        #expect(error?.message == "syntax error: expected ':' in type annotation")
        #expect(error?.isIOError == false)
    }

    @Test func unclosedBrace() throws {
        let source = "struct Todo: Codable {\n    var title: String\n"
        let error = #expect(throws: ModelReadError.self) { try readModels(source, path: "Todo.swift") }
        #expect(error?.description == "Todo.swift:2:22: syntax error: expected '}' to end struct")
    }

    /// A stray character against an `=` with spaces on both sides: swift-syntax 603 traps
    /// making a fix-it for it (found by the swift-model-reader fuzz target); it is an error here.
    @Test func equalTouchedByAStrayCharacterIsAnErrorNotATrap() throws {
        for source in ["struct A: Codable { var x: Int }\nlet e \u{FFFD}= 1\n", "let e \u{FFFD}=\t1"] {
            let error = #expect(throws: ModelReadError.self) { try readModels(source, path: "A.swift") }
            #expect(error?.message == "syntax error: '=' must have consistent whitespace on both sides")
        }
    }

    @Test func redeclaration() throws {
        let source = "struct A: Codable { var x: Int }\nstruct A: Codable { var y: Int }"
        let error = #expect(throws: ModelReadError.self) { try readModels(source) }
        #expect(
            error?.description == "Models.swift:2:8: invalid redeclaration of `A` (first declared at Models.swift:1)")
    }

    @Test func filesAndFoldersAreReadRecursivelyInOrder() throws {
        let folder = try TemporaryFolder()
        try folder.write("b/Todo.swift", "struct Todo: Codable { var owner: Person; var list: TodoList }")
        try folder.write("a/Person.swift", "struct Person: Codable { var name: String }")
        try folder.write("a/Alias.swift", "typealias TodoList = [String]")
        try folder.write("notes.txt", "not swift")
        try folder.write(".build/Hidden.swift", "struct Hidden: Codable {}")
        let models = try SwiftModelReader().read(paths: [folder.path])
        #expect(models.types.keys.sorted() == ["Person", "Todo"])
        #expect(summary(models["Todo"]) == "{owner: Person, list: [String]}")
        #expect(models["Person"]?.origin.file == folder.path + "/a/Person.swift")
        let single = try SwiftModelReader().read(paths: [folder.path + "/a/Person.swift"])
        #expect(single.types.keys.sorted() == ["Person"])
    }

    @Test func missingPathAndEmptyFolder() throws {
        let folder = try TemporaryFolder()
        let missing = #expect(throws: ModelReadError.self) {
            try SwiftModelReader().read(paths: [folder.path + "/Nope.swift"])
        }
        #expect(missing?.message == "no such model file or folder: \(folder.path)/Nope.swift")
        #expect(missing?.isIOError == true)
        let empty = #expect(throws: ModelReadError.self) { try SwiftModelReader().read(paths: [folder.path]) }
        #expect(empty?.message == "the model folder \(folder.path) holds no .swift files")
    }

    @Test func syntaxErrorInASecondFileNamesIt() throws {
        let folder = try TemporaryFolder()
        try folder.write("A.swift", "struct A: Codable { var x: Int }")
        try folder.write("B.swift", "struct B: Codable {\n  var x: = 1\n}")
        let error = #expect(throws: ModelReadError.self) { try SwiftModelReader().read(paths: [folder.path]) }
        #expect(error?.origin?.file == folder.path + "/B.swift")
        #expect(error?.origin?.line == 2)
    }
}

/// A folder under the system's temporary directory, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "codable-models-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
