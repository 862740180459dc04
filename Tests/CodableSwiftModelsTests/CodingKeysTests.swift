import CodableModels
import CodableSwiftModels
import Testing

@Suite("CodingKeys: renames, left-out properties, order")
struct CodingKeysTests {
    @Test func renamesAndOrder() throws {
        let source = """
            struct Book: Codable {
                var title: String
                var isbn: String
                var pageCount: Int
                enum CodingKeys: String, CodingKey {
                    case isbn = "isbn_13"
                    case title
                    case pageCount = "pages"
                }
            }
            """
        // Keys in CodingKeys order: the synthesized encode(to:) writes them so.
        #expect(try summary(of: "Book", in: source) == "{isbn@isbn_13: String, title: String, pageCount@pages: Int}")
    }

    @Test func leftOutPropertiesWithDefaultsAreSkipped() throws {
        let source = """
            struct Draft: Codable {
                var id: Int
                var localNote: String = ""
                var selection: Int?
                let kind = "draft"
                var cache: NSCache<NSString, NSString> = .init()
                enum CodingKeys: CodingKey { case id }
            }
            """
        #expect(
            try summary(of: "Draft", in: source)
                == "{id: Int, localNote: String skipped, selection: Int? skipped, kind: String skipped, cache: JSON skipped}"
        )
    }

    @Test func leftOutPropertyWithoutDefaultIsUnsupported() throws {
        let source = """
            struct Draft: Codable {
                var id: Int
                let note: String?
                enum CodingKeys: String, CodingKey { case id }
            }
            """
        #expect(
            try summary(of: "Draft", in: source) == "unsupported: `Draft.note` is left out of CodingKeys but has "
                + "no default value (Models.swift:3); the compiler rejects this")
    }

    @Test func caseWithoutPropertyIsUnsupported() throws {
        let source = """
            struct Draft: Codable {
                var id: Int
                enum CodingKeys: String, CodingKey { case id, title }
            }
            """
        #expect(
            try summary(of: "Draft", in: source) == "unsupported: `Draft.CodingKeys` has the case `title`, which is "
                + "no stored property of `Draft` (Models.swift:3); the compiler rejects this")
    }

    @Test func codingKeysInAnExtensionAndIntRawKeys() throws {
        let source = """
            struct A: Codable { var id: Int; var name: String }
            extension A { enum CodingKeys: String, CodingKey { case id = "ID", name } }
            struct B: Codable {
                var id: Int
                enum CodingKeys: Int, CodingKey { case id = 7 }
            }
            """
        let models = try readModels(source)
        #expect(summary(models["A"]) == "{id@ID: Int, name: String}")
        #expect(summary(models["B"]) == "{id: Int}")
        #expect(models["A.CodingKeys"] == nil)
    }

    @Test func letConstantInCodingKeysIsStillAConstant() throws {
        let source = """
            struct Book: Codable {
                let schema = 3
                var title: String
                enum CodingKeys: String, CodingKey { case schema = "schema_version", title }
            }
            """
        #expect(try summary(of: "Book", in: source) == "{schema@schema_version: Int = 3, title: String}")
    }

    @Test func nonLiteralRawKeyIsUnsupported() throws {
        let source = """
            struct Book: Codable {
                var title: String
                enum CodingKeys: String, CodingKey { case title = "t\\(1)" }
            }
            """
        #expect(
            try summary(of: "Book", in: source) == "unsupported: `Book.CodingKeys.title` has a raw value that is "
                + "not a string literal (Models.swift:3); codable cannot know its key")
    }
}
