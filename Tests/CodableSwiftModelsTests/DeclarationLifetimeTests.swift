import Testing

@testable import CodableSwiftModels

/// Reading model files keeps nothing once the models are read: a nested type referring to its
/// parent strongly while the parent holds it, or a typealias to the type it is declared in,
/// would leave each read's types and its file's syntax tree behind, and a process that reads
/// model files again and again (the swift-model-reader fuzzer) would grow without bound.
@Suite struct DeclarationLifetimeTests {
    @Test func nestedTypesAndAliasesAreFreedWithTheIndex() throws {
        weak var outer: DeclaredType?
        weak var inner: DeclaredType?
        weak var file: SwiftSourceFile?
        try {
            let source = try SwiftSourceFile(
                path: "Model.swift",
                text: """
                    struct Outer: Codable {
                        struct Inner: Codable { var x: Int }
                        typealias Alias = Inner
                        var inner: Alias
                    }
                    """)
            let index = try DeclarationIndex(files: [source])
            outer = index.type(qualifiedName: ["Outer"])
            inner = index.type(qualifiedName: ["Outer", "Inner"])
            file = source
            #expect(inner?.parent === outer && outer?.typealiases["Alias"]?.scope === outer)
        }()
        #expect(outer == nil)
        #expect(inner == nil)
        #expect(file == nil)
    }
}
