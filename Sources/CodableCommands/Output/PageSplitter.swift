import CodableParsing
import CodablePipeline
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--split N --output-dir DIR`: writes the records as pages of N, one file each
/// (`page-000001.json`, … — six digits, so names sort; the extension follows `--to`), each
/// written atomically, then `index.json` listing them. A page is committed once the next
/// record (or the end) shows whether more follow, so `--envelope` pages carry `hasMorePages`.
/// A failure midway leaves the pages committed before it, no temporary file, and no index.
///
/// DIR may hold an earlier run's output. Its `index.json` is removed just before this run's
/// first page replaces one of its pages (from then on it would list pages it does not
/// describe); its pages in the same format past this run's last are removed once this run's
/// last page is committed, before the new index is written. Other files are never touched.
final class PageSplitter {
    private let directory: FilePath
    private let pageSize: Int
    private let output: OutputOptions
    private let envelope: Bool
    private var current: (target: OutputTarget, formatter: any RecordFormatter, envelope: EnvelopeWriter?)?
    private var inPage = 0
    private var pages: [(file: String, items: Int)] = []
    /// The input being read: where a value that no page can hold is reported.
    var input: InputFile?
    /// Where problems with the records are reported.
    private let places: ProblemPlaces

    init(directory: String, pageSize: Int, output: OutputOptions, envelope: Bool, places: ProblemPlaces)
        throws(CommandFailure)
    {
        self.directory = FilePath(directory)
        self.places = places
        self.pageSize = pageSize
        self.output = output
        self.envelope = envelope
        if mkdir(directory, 0o777) != 0 && errno != EEXIST {
            throw .unwritableOutput(output: directory, reason: describe(Errno(rawValue: errno)))
        }
    }

    deinit { discard() }

    /// The pages' extension: the format's name (`json`, `jsonl`, `json-seq`, `yaml`, `csv`,
    /// `tsv`), which reading them back recognizes.
    private var fileExtension: String { output.to.rawValue }

    /// Writes a record into the current page, starting a new one when it is full.
    func write(_ record: Record, replacements: NodeReplacements) throws(CommandFailure) {
        try pageWithRoom().write(record, replacements: replacements)
        inPage += 1
    }

    /// Writes a record into the current page with `edit` applied as it is written (nothing
    /// copied).
    func write(_ record: Record, edit: RecordEdit) throws(CommandFailure) {
        try pageWithRoom().write(record, edit: edit)
        inPage += 1
    }

    /// The current page's writer, after closing a full page and opening a new one.
    private func pageWithRoom() throws(CommandFailure) -> any RecordFormatter {
        if current != nil && inPage == pageSize { try closePage(hasMore: true, total: nil) }
        if current == nil { try openPage() }
        guard let current else { preconditionFailure("a page was opened") }
        return current.formatter
    }

    /// Reports what the current page's writer could not write (a CSV column the page's header
    /// lacks) and writes out what the page holds so far: after every batch, as the output of a
    /// run without `--split` is, so that a failed write is seen at once.
    func writePending() throws(CommandFailure) {
        guard let current else { return }
        if let input {
            try places.reportIssues(of: current.formatter, from: input, target: current.target)
        }
        try flush(current.target, current.formatter.output)
    }

    /// Commits the last page and writes the index.
    func finish(total: Int) throws(CommandFailure) {
        if current != nil { try closePage(hasMore: false, total: total) }
        try removeEarlierRunsPages()
        var index = "{\"pageSize\":\(pageSize),\"totalItems\":\(total),\"totalPages\":\(pages.count),\"pages\":["
        for (position, page) in pages.enumerated() {
            index +=
                "\(position == 0 ? "" : ",")\n  {\"page\":\(position + 1),\"file\":\"\(page.file)\",\"items\":\(page.items)}"
        }
        index += pages.isEmpty ? "]}\n" : "\n]}\n"
        let target = try OutputTarget.atomicFile(directory.appending("index.json").string)
        let buffer = OutputBuffer()
        var bytes = Array(index.utf8)
        bytes.withUnsafeMutableBufferPointer { bytes in
            var cursor = buffer.beginAppending()
            cursor.append(bytes.baseAddress!, count: bytes.count)
            buffer.endAppending(cursor)
        }
        try flush(target, buffer)
        try target.commit()
    }

    /// Removes the temporary file of a page being written.
    func discard() {
        current?.target.discard()
        current = nil
    }

    private func openPage() throws(CommandFailure) {
        let number = pages.count + 1
        var name = String(number)
        name = "page-" + String(repeating: "0", count: max(0, 6 - name.count)) + name + "." + fileExtension
        let target = try OutputTarget.atomicFile(directory.appending(name).string)
        pages.append((name, 0))
        inPage = 0
        let envelopeWriter =
            envelope
            ? EnvelopeWriter(
                framing: output.to.framing, options: output.writerOptions, page: number, pageSize: pageSize) : nil
        let formatter = envelopeWriter ?? output.makeWriter(singleValueAllowed: false)
        target.spillsWhenFull(formatter.output)  // a page is written as it is made, not held whole
        current = (target, formatter, envelopeWriter)
    }

    private func closePage(hasMore: Bool, total: Int?) throws(CommandFailure) {
        guard let current else { return }
        current.envelope?.facts = PageFacts(written: inPage, hasMore: hasMore, total: total)
        current.formatter.finish()
        try writePending()
        if pages.count == 1 { try remove("index.json", "an earlier run's index") }
        try current.target.commit()
        pages[pages.count - 1].items = inPage
        self.current = nil
    }

    /// Whether `name` is a page name of this run's format: `page-`, six digits or more, and
    /// the extension (`page-000012.jsonl`).
    private func isPageName(_ name: String) -> Bool {
        let suffix = "." + fileExtension
        guard name.hasPrefix("page-") && name.hasSuffix(suffix) else { return false }
        let digits = name.utf8.dropFirst(5).dropLast(suffix.utf8.count)
        return digits.count >= 6 && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Removes the pages in this run's format that this run did not write: an earlier, longer
    /// run's tail, which the new index would not list but a glob of `page-*` would read.
    private func removeEarlierRunsPages() throws(CommandFailure) {
        guard let listing = opendir(directory.string) else {
            throw .unwritableOutput(
                output: directory.string, reason: "cannot list it: " + describe(Errno(rawValue: errno)))
        }
        var names: [String] = []
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if isPageName(name) { names.append(name) }
        }
        closedir(listing)
        let written = Set(pages.map(\.file))
        for name in names.sorted() where !written.contains(name) { try remove(name, "an earlier run's page") }
    }

    /// Removes the file `name` of the directory, if there is one (`what` names it in an error).
    private func remove(_ name: String, _ what: String) throws(CommandFailure) {
        let path = directory.appending(name).string
        if unlink(path) != 0 && errno != ENOENT {
            throw .unwritableOutput(output: path, reason: "cannot remove \(what): " + describe(Errno(rawValue: errno)))
        }
    }

    private func flush(_ target: OutputTarget, _ buffer: OutputBuffer) throws(CommandFailure) {
        do { try target.write(buffer) } catch {
            switch error {
            case .failed(let failure): throw failure
            case .readerWentAway: throw .unwritableOutput(output: directory.string, reason: "closed")
            }
        }
    }
}
