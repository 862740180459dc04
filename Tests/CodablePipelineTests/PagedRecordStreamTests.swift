import CodableParsing
import Foundation
import Synchronization
import Testing

@testable import CodablePipeline

/// Pages in memory, named `mem/1.json`, `mem/2.json`…; page `n` has two records and names page
/// `n + 1` up to `last`. Pages listed in `hanging` never arrive: their load waits until it is
/// cancelled. Every request and every cancellation is logged.
final class MemoryPages: PageLoader {
    let last: Int
    let hanging: Set<Int>
    let log = Mutex<[String]>([])

    init(last: Int, hanging: Set<Int> = []) {
        self.last = last
        self.hanging = hanging
    }

    var events: [String] { log.withLock { $0 } }

    func load(_ page: PageReference) async throws(PageLoadError) -> LoadedPage {
        guard case .file(let path) = page, let number = Int(path.dropFirst(4).dropLast(5)) else {
            throw PageLoadError(page: page, reason: "unknown page")
        }
        log.withLock { $0.append("load \(number)") }
        if hanging.contains(number) {
            while !Task.isCancelled { try? await Task.sleep(nanoseconds: 5_000_000) }
            log.withLock { $0.append("cancelled \(number)") }
            throw PageLoadError(page: page, reason: "cancelled", cancelled: true)
        }
        let next = number < last ? #""\#(number + 1).json""# : "null"
        let text = #"{"items":[{"p":\#(number),"i":0},{"p":\#(number),"i":1}],"next":\#(next)}"#
        return LoadedPage(bytes: Array(text.utf8), location: page)
    }
}

@Suite struct PagedRecordStreamTests {
    func stream(
        _ loader: MemoryPages, maxPages: Int = 100, notice: @escaping @Sendable (PagedSourceNotice) -> Void = { _ in }
    ) throws -> PagedRecordStream {
        let options = PagedSourceOptions(
            items: try FieldPath(parsing: "items"), next: try FieldPath(parsing: "next"), maxPages: maxPages,
            readerOptions: { _ in RecordReaderOptions(framing: .json) })
        return PagedRecordStream(first: .file("mem/1.json"), loader: loader, options: options, notice: notice)
    }

    func texts(_ batch: RecordBatch) -> [String] {
        (0..<batch.count).map { batch[$0].compactText }
    }

    /// Waits (up to 5 s) until `condition` holds.
    func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return condition()
    }

    @Test func pagesComeInOrderWithTheirNames() async throws {
        var all: [String] = []
        var names: [String?] = []
        for try await batch in try stream(MemoryPages(last: 3)) {
            all += texts(batch)
            names.append(batch.sourceName)
        }
        #expect(all == (1...3).flatMap { page in (0..<2).map { #"{"p":\#(page),"i":\#($0)}"# } })
        #expect(names == ["mem/1.json", "mem/2.json", "mem/3.json"])
    }

    @Test func codingPathsStartAtThePageValue() async throws {
        var iterator = try stream(MemoryPages(last: 1)).makeAsyncIterator()
        let batch = try #require(try await iterator.next())
        let record = batch[1]
        #expect(batch.codingPath(ofNode: record.root + 2, inRecord: 1) == "$.items[1].p")
        #expect(batch.firstRecordIndex == 0)
    }

    @Test func theNextPageIsFetchedWhileThisOneIsProcessed() async throws {
        let loader = MemoryPages(last: 2)
        var iterator = try stream(loader).makeAsyncIterator()
        let first = try #require(try await iterator.next())
        #expect(texts(first).count == 2)
        // Not asked for more yet, page 2 is on its way already.
        #expect(await eventually { loader.events == ["load 1", "load 2"] })
        #expect(try await iterator.next() != nil)
        #expect(try await iterator.next() == nil)
        #expect(loader.events == ["load 1", "load 2"])
    }

    @Test func aConsumerThatStopsCancelsTheFetchAhead() async throws {
        let loader = MemoryPages(last: 5, hanging: [2])
        do {
            var iterator = try stream(loader).makeAsyncIterator()
            _ = try await iterator.next()
            #expect(await eventually { loader.events.contains("load 2") })
        }  // the iterator goes away here
        #expect(await eventually { loader.events.contains("cancelled 2") })
        #expect(!loader.events.contains("load 3"))
    }

    @Test func cancellingTheConsumingTaskEndsTheWalk() async throws {
        let loader = MemoryPages(last: 5, hanging: [2])
        let source = try stream(loader)
        let consumer = Task {
            var count = 0
            for try await batch in source { count += batch.count }
            return count
        }
        #expect(await eventually { loader.events.contains("load 2") })
        consumer.cancel()
        #expect(try await consumer.value == 2)  // page 1's records, then a quiet end
        #expect(await eventually { loader.events.contains("cancelled 2") })
    }

    @Test func maxPagesStopsWithANotice() async throws {
        let notices = Mutex<[PagedSourceNotice]>([])
        var count = 0
        for try await batch in try stream(
            MemoryPages(last: 5), maxPages: 2, notice: { notice in notices.withLock { $0.append(notice) } })
        {
            count += batch.count
        }
        #expect(count == 4)
        #expect(notices.withLock { $0 } == [.pageLimitReached(pages: 2, next: .file("mem/3.json"))])
    }
}

@Suite struct PageReferenceTests {
    @Test func fileReferencesAreRelativeToThePage() throws {
        #expect(try PageReference.file("a/b/1.json").resolving("2.json") == .file("a/b/2.json"))
        #expect(try PageReference.file("1.json").resolving("sub/2.json") == .file("sub/2.json"))
        #expect(try PageReference.file("a/1.json").resolving("/abs/2.json") == .file("/abs/2.json"))
        #expect(try PageReference.standardInput.resolving("x.json") == .file("x.json"))
        #expect(
            try PageReference.file("a/1.json").resolving("https://h/p?page=2")
                == .url(URL(string: "https://h/p?page=2")!))
    }

    @Test func urlReferencesResolveAgainstThePage() throws {
        let page = PageReference.url(URL(string: "https://api.example.com/v1/users?page=1")!)
        #expect(try page.resolving("?page=2").description == "https://api.example.com/v1/users?page=2")
        #expect(try page.resolving("/v2/users?cursor=x").description == "https://api.example.com/v2/users?cursor=x")
        #expect(try page.resolving("next").description == "https://api.example.com/v1/next")
    }

    @Test(arguments: ["ftp://h/x", "file:///etc/passwd", "", "javascript:alert(1)"])
    func otherSchemesAreNotFollowed(reference: String) {
        #expect(throws: PageReferenceError.self) { try PageReference.file("a/1.json").resolving(reference) }
        #expect(throws: PageReferenceError.self) {
            try PageReference.url(URL(string: "http://h/a")!).resolving(reference)
        }
    }

    @Test func identityIgnoresSpellingAndFragments() {
        #expect(PageReference.file("a/../b.json").identity == PageReference.file("./b.json").identity)
        #expect(
            PageReference.url(URL(string: "http://h/p#x")!).identity
                == PageReference.url(URL(string: "http://h/p")!).identity)
    }
}
