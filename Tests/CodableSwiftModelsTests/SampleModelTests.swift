import CodableModels
import CodableSwiftModels
import Foundation
import Testing

/// The models in `Samples/models/`, read as `codable decode --model Samples/models` reads them.
@Suite("Samples/models")
struct SampleModelTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples/models").path

    @Test func everySampleModelReads() throws {
        let models = try SwiftModelReader().read(paths: [Self.folder])
        #expect(
            models.types.keys.sorted() == [
                "Book", "Book.Author", "Book.Format", "Member", "Page", "SyncUp", "SyncUp.Attendee", "SyncUp.Meeting",
                "SyncUp.Theme", "Todo", "Todo.Priority", "Todo.Reminder",
            ])
        #expect(
            summary(models["Todo"]) == "{id: Int, title: String, done: Bool, createdAt: Date, due: Date?, "
                + "tags: [String], priority: Todo.Priority, notes: String?, estimate: Double?, reminder: Todo.Reminder?}"
        )
        #expect(summary(models["Todo.Priority"]) == "raw Int: high=1 medium=2 low=3")
        #expect(summary(models["Todo.Reminder"]) == "tagged: at(_0: Date) before(minutes: Int)")
        #expect(
            summary(models["SyncUp"]) == "{id: UUID, attendees: [SyncUp.Attendee], duration: Double, "
                + "meetings: [SyncUp.Meeting], theme: SyncUp.Theme, title: String}")
        #expect(
            summary(models["SyncUp.Meeting"]) == "{id: UUID, date: Date, transcript: String, attendeeIDs: Set<UUID>?}")
        #expect(
            summary(models["Book"]) == "{schemaVersion@schema_version: Int = 2, isbn@isbn_13: String, "
                + "title: String, authors: [Book.Author], publishedOn@published_on: Date?, pageCount@page_count: Int?, "
                + "format: Book.Format, rating: Decimal?, coverURL@cover_url: URL?, localNotes: String skipped}")
        #expect(
            summary(models["Book.Format"])
                == #"raw String: hardcover="hardcover" paperback="paperback" ebook="ebook" audiobook="audio""#)
        #expect(models["Page"]?.genericParameters == ["T"])
        #expect(
            summary(models["Page"])
                == "{items: [T], page: Int, pageSize: Int, hasMorePages: Bool, nextPage: Int?}")
        #expect(
            try models.reference(parsing: "Page<Member>")
                == .named("Page", arguments: [.named("Member", arguments: [])]))
    }
}
