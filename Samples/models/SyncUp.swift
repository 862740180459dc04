import Foundation

/// A recurring meeting with its attendees and the meetings held so far
/// (after Point-Free's "SyncUps" sample app).
struct SyncUp: Codable, Identifiable, Hashable {
    let id: UUID
    var attendees: [Attendee] = []
    /// Seconds each sync-up lasts.
    var duration: TimeInterval = 300
    var meetings: [Meeting] = []
    var theme: Theme = .bubblegum
    var title = ""

    var durationPerAttendee: TimeInterval {
        duration / Double(max(attendees.count, 1))
    }

    struct Attendee: Codable, Identifiable, Hashable {
        let id: UUID
        var name: String
    }

    struct Meeting: Codable, Identifiable, Hashable {
        let id: UUID
        let date: Date
        var transcript: String
        var attendeeIDs: Set<Attendee.ID>?
    }

    enum Theme: String, CaseIterable, Codable, Identifiable, Hashable {
        case bubblegum, buttercup, indigo, lavender, magenta, navy, orange, oxblood
        case periwinkle, poppy, purple, seafoam, sky, tan, teal, yellow

        var id: Self { self }
    }
}
