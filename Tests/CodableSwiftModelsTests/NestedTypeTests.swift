import CodableModels
import CodableSwiftModels
import Testing

@Suite("Nested types, name lookup, typealiases, generics")
struct NestedTypeTests {
    @Test func nestedTypesAreQualifiedAndFoundFromInside() throws {
        let source = """
            struct SyncUp: Codable {
                struct Attendee: Codable { var id: UUID; var name: String }
                struct Meeting: Codable {
                    struct Note: Codable { var text: String }
                    var attendees: [Attendee]
                    var notes: [Note]
                    var owner: SyncUp.Attendee
                }
                var attendees: [Attendee]
                var meetings: [Meeting]
                var firstNote: Meeting.Note?
            }
            """
        let models = try readModels(source)
        #expect(
            summary(models["SyncUp"])
                == "{attendees: [SyncUp.Attendee], meetings: [SyncUp.Meeting], firstNote: SyncUp.Meeting.Note?}")
        #expect(
            summary(models["SyncUp.Meeting"])
                == "{attendees: [SyncUp.Attendee], notes: [SyncUp.Meeting.Note], owner: SyncUp.Attendee}")
        #expect(summary(models["SyncUp.Meeting.Note"]) == "{text: String}")
    }

    @Test func innerNamesShadowOuterOnes() throws {
        let source = """
            struct Tag: Codable { var name: String }
            struct Post: Codable {
                struct Tag: Codable { var id: Int }
                var tags: [Tag]
            }
            struct Page: Codable { var tags: [Tag] }
            struct Date: Codable { var day: Int }
            struct Event: Codable { var when: Date; var stamp: Foundation.Date }
            """
        let models = try readModels(source)
        #expect(summary(models["Post"]) == "{tags: [Post.Tag]}")
        #expect(summary(models["Page"]) == "{tags: [Tag]}")
        #expect(summary(models["Event"]) == "{when: Date, stamp: Date}")
        guard case .structure(let properties) = models["Event"]?.shape else {
            Issue.record("not a structure")
            return
        }
        #expect(properties.map(\.type) == [.named("Date", arguments: []), .date(strategy: nil)])
    }

    @Test func nestedTypesDeclaredInExtensions() throws {
        let source = """
            struct SyncUp: Codable { var meetings: [Meeting] }
            extension SyncUp {
                struct Meeting: Codable { var transcript: String; var kind: Kind }
            }
            extension SyncUp.Meeting {
                enum Kind: String, Codable { case daily, weekly }
            }
            """
        let models = try readModels(source)
        #expect(summary(models["SyncUp"]) == "{meetings: [SyncUp.Meeting]}")
        #expect(summary(models["SyncUp.Meeting"]) == "{transcript: String, kind: SyncUp.Meeting.Kind}")
        #expect(summary(models["SyncUp.Meeting.Kind"]) == #"raw String: daily="daily" weekly="weekly""#)
    }

    @Test func typealiasesAreExpanded() throws {
        let source = """
            typealias ID = UUID
            typealias Tags = Set<String>
            typealias Lookup<Value> = [String: Value]
            struct Todo: Codable {
                typealias Minutes = Int
                var id: ID
                var tags: Tags
                var estimates: Lookup<Minutes>
                var owner: Owner
            }
            typealias Owner = Person
            struct Person: Codable { var name: String }
            """
        #expect(
            try summary(of: "Todo", in: source)
                == "{id: UUID, tags: Set<String>, estimates: [String: Int], owner: Person}")
    }

    @Test func aliasCycleMakesTheTypeUnsupported() throws {
        let source = "typealias A = B\ntypealias B = A\nstruct T: Codable { var a: A }"
        #expect(
            try summary(of: "T", in: source)
                == "unsupported: `T.a` (Models.swift:3) has type `A`, and the typealias `A` refers to itself")
    }

    @Test func genericTypes() throws {
        let source = """
            struct Page<T: Codable>: Codable {
                var items: [T]
                var page: Int
                var next: Page<T>?
                var meta: Meta
                struct Meta: Codable { var total: Int; var first: T? }
            }
            struct Pair<A: Codable, B: Codable>: Codable { var first: A; var second: B }
            struct Feed: Codable { var todos: Page<Todo>; var pair: Pair<Int, [String]> }
            struct Todo: Codable { var title: String }
            """
        let models = try readModels(source)
        #expect(models["Page"]?.genericParameters == ["T"])
        #expect(summary(models["Page"]) == "{items: [T], page: Int, next: Page<T>?, meta: Page.Meta<T>}")
        #expect(models["Page.Meta"]?.genericParameters == ["T"])
        #expect(summary(models["Page.Meta"]) == "{total: Int, first: T?}")
        #expect(summary(models["Feed"]) == "{todos: Page<Todo>, pair: Pair<Int, [String]>}")
        guard case .structure(let properties) = models["Page"]?.shape else {
            Issue.record("not a structure")
            return
        }
        #expect(properties[0].type == .array(.parameter("T")))
    }

    @Test func wrongGenericArgumentCount() throws {
        let source = """
            struct Page<T: Codable>: Codable { var items: [T] }
            struct Feed: Codable { var page: Page }
            struct Other: Codable { var list: Array<Int, Int> }
            """
        let models = try readModels(source)
        #expect(
            summary(models["Feed"])
                == "unsupported: `Feed.page` (Models.swift:2) has type `Page`, and `Page` takes 1 generic argument, not 0"
        )
        #expect(
            summary(models["Other"])
                == "unsupported: `Other.list` (Models.swift:3) has type `Array<Int, Int>`, and `Array` takes 1 generic argument, not 2"
        )
    }
}

@Suite("Identifiable's ID")
struct IdentifiableIDTests {
    @Test func idPropertyTypeStandsForID() throws {
        let source = """
            struct User: Codable, Identifiable { let id: UUID; var name: String }
            struct Team: Codable, Identifiable {
                typealias ID = Int
                var id: ID
                var members: [User.ID]
                var parent: Team.ID?
            }
            struct Bad: Codable { var owner: Team.Missing }
            """
        let models = try readModels(source)
        #expect(summary(models["Team"]) == "{id: Int, members: [UUID], parent: Int?}")
        #expect(
            summary(models["Bad"]) == "unsupported: `Bad.owner` (Models.swift:8) has type `Team.Missing`, and "
                + "`Team.Missing` is neither a builtin Codable type nor declared in the model files")
    }
}
