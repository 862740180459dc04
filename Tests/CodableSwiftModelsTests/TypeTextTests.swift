import CodableModels
import CodableSwiftModels
import Testing

@Suite("--type text resolved against a model set")
struct TypeTextTests {
    let models: ModelSet

    init() throws {
        models = try readModels(
            """
            struct Todo: Codable { var title: String }
            struct SyncUp: Codable { struct Attendee: Codable { var name: String } }
            struct Page<T: Codable>: Codable { var items: [T] }
            struct Book: Codable { var isbn: String }
            """)
    }

    @Test func spellings() throws {
        #expect(try models.reference(parsing: "Todo") == .named("Todo", arguments: []))
        #expect(try models.reference(parsing: "[Todo]") == .array(.named("Todo", arguments: [])))
        #expect(
            try models.reference(parsing: "[String: Todo]")
                == .dictionary(key: .string, value: .named("Todo", arguments: [])))
        #expect(try models.reference(parsing: " SyncUp.Attendee ") == .named("SyncUp.Attendee", arguments: []))
        #expect(try models.reference(parsing: "Todo?") == .optional(.named("Todo", arguments: [])))
        #expect(try models.reference(parsing: "Optional<Todo>") == .optional(.named("Todo", arguments: [])))
        #expect(
            try models.reference(parsing: "Page<Todo>")
                == .named("Page", arguments: [.named("Todo", arguments: [])]))
        #expect(
            try models.reference(parsing: "[Page<[Todo]>]?")
                == .optional(.array(.named("Page", arguments: [.array(.named("Todo", arguments: []))]))))
        #expect(try models.reference(parsing: "[Int]") == .array(.integer(.int)))
        #expect(try models.reference(parsing: "Set<Foundation.Date>") == .set(.date(strategy: nil)))
        #expect(
            try models.reference(parsing: "Dictionary<String, [Book]>")
                == .dictionary(key: .string, value: .array(.named("Book", arguments: []))))
    }

    /// Every name Swift allows a type can be written in `--type`: letters beyond ASCII,
    /// combining marks, emoji (the Swift reference's identifier grammar), a digit after the first.
    @Test func namesBeyondASCII() throws {
        let unicode = try readModels(
            """
            struct Größe: Codable { var cm: Int }
            struct Cafe\u{301}: Codable { var x: Int }
            struct Box: Codable { struct 🐶: Codable { var name: String } }
            struct 日本2: Codable { var x: Int }
            struct Price$USD: Codable { var amount: Int }
            """)
        for name in ["Größe", "Cafe\u{301}", "Box.🐶", "日本2", "[Box.🐶]", "[String: Größe]", "Price$USD", "[Price$USD]"] {
            #expect(throws: Never.self, "\(name)") { _ = try unicode.reference(parsing: name) }
        }
        let digitFirst = #expect(throws: ModelReadError.self) { try unicode.reference(parsing: "2日本") }
        #expect(digitFirst?.message == "cannot read the type `2日本`: expected a type name at column 1, found `2`")
        let dollarFirst = #expect(throws: ModelReadError.self) { try unicode.reference(parsing: "$Price") }
        #expect(dollarFirst?.message == "cannot read the type `$Price`: expected a type name at column 1, found `$`")
    }

    @Test func unknownNameSuggestsCloseOnes() throws {
        let error = #expect(throws: ModelReadError.self) { try models.reference(parsing: "[Todos]") }
        #expect(
            error?.message == "no model type named `Todos`; did you mean `Todo`? "
                + "Types available: Book, Page, SyncUp, SyncUp.Attendee, Todo")
        #expect(error?.origin == nil)
        let nested = #expect(throws: ModelReadError.self) { try models.reference(parsing: "Attendee") }
        #expect(
            nested?.message == "no model type named `Attendee`; did you mean `SyncUp.Attendee`? "
                + "Types available: Book, Page, SyncUp, SyncUp.Attendee, Todo")
        let far = #expect(throws: ModelReadError.self) { try models.reference(parsing: "Invoice") }
        #expect(
            far?.message == "no model type named `Invoice`. Types available: Book, Page, SyncUp, SyncUp.Attendee, Todo")
        let caseOnly = #expect(throws: ModelReadError.self) { try models.reference(parsing: "todo") }
        #expect(caseOnly?.message.hasPrefix("no model type named `todo`; did you mean `Todo`?") == true)
    }

    @Test func genericArgumentCounts() throws {
        let missing = #expect(throws: ModelReadError.self) { try models.reference(parsing: "Page") }
        #expect(missing?.message == "`Page` takes 1 generic argument (`Page<T>`), not 0")
        let extra = #expect(throws: ModelReadError.self) { try models.reference(parsing: "Todo<Int>") }
        #expect(extra?.message == "`Todo` is not generic: write `Todo` without arguments")
        let builtin = #expect(throws: ModelReadError.self) { try models.reference(parsing: "Dictionary<String>") }
        #expect(builtin?.message == "`Dictionary` takes 2 generic arguments, not 1")
    }

    @Test func malformedText() throws {
        let cases: [(String, String)] = [
            ("", "cannot read the type ``: it is empty"),
            ("[Todo", "cannot read the type `[Todo`: expected `]` at column 6, found the end"),
            ("Page<Todo", "cannot read the type `Page<Todo`: expected `>` at column 10, found the end"),
            ("Todo]", "cannot read the type `Todo]`: unexpected `]` at column 5"),
            ("[: Todo]", "cannot read the type `[: Todo]`: expected a type name at column 2, found `:`"),
            ("SyncUp.", "cannot read the type `SyncUp.`: expected a type name at column 8, found the end"),
        ]
        for (text, message) in cases {
            let error = #expect(throws: ModelReadError.self) { try models.reference(parsing: text) }
            #expect(error?.message == message, "\(text)")
        }
    }
}
