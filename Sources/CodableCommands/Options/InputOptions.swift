import ArgumentParser
import CodableParsing
import CodablePipeline
import CodableYAML
import Foundation
import SystemPackage

/// Where records come from: shared by every subcommand.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Input files; '-' or no file reads standard input.", valueName: "file"))
    var files: [String] = []

    @Option(
        help: ArgumentHelp(
            "Input format; default by name, then content.",
            valueName: "format"))
    var from: InputFormat?

    @Option(help: ArgumentHelp("Reject input nested deeper than this many arrays and objects.", valueName: "n"))
    var maxDepth: Int = 512

    @Option(
        help: ArgumentHelp(
            "Reject a string, number, CSV cell or YAML scalar longer than this many bytes.",
            valueName: "bytes"))
    var maxLength: Int = RecordReaderOptions.defaultMaxTokenLength

    /// Paginated input. Parsed as a group of the command's own (`inputPages`), which sets it
    /// here in `validate()`: a group nested in a group makes swift-argument-parser's debug-build
    /// checks of the options several times slower (every `swift test` run of the binary).
    var pages = PageOptions()

    @Option(
        help: ArgumentHelp(
            "YAML scalar schema.",
            valueName: "version"))
    var yamlVersion: YAMLVersion = .v1_2

    @Option(
        help: ArgumentHelp(
            "Max values YAML aliases expand to.",
            valueName: "n"))
    var yamlMaxAliasNodes: Int = YAMLReaderOptions.defaultMaxAliasNodes

    @Flag(help: "CSV/TSV input: read unquoted empty cells as null (a quoted \"\" stays an empty string).")
    var emptyAsNull = false

    @Flag(help: "CSV/TSV input has no header row: every row is a record, an array of its cells.")
    var noHeader = false

    private enum CodingKeys: CodingKey {
        case files, from, maxDepth, maxLength, yamlVersion, yamlMaxAliasNodes, emptyAsNull, noHeader
    }

    func validate() throws {
        guard maxDepth >= 1 && maxDepth <= 100_000 else {
            throw ValidationError("--max-depth must be between 1 and 100000.")
        }
        guard yamlMaxAliasNodes >= 0 else {
            throw ValidationError("--yaml-max-alias-nodes must not be negative.")
        }
        guard maxLength >= 1 && maxLength <= RecordReaderOptions.defaultMaxTokenLength else {
            throw ValidationError("--max-length must be between 1 and \(RecordReaderOptions.defaultMaxTokenLength).")
        }
        if files.isEmpty && Terminal.stdinIsTerminal {
            throw ValidationError("No input: name a file, or pipe records to standard input.")
        }
    }

    /// The inputs in command-line order (standard input when none is named).
    var inputs: [InputFile] {
        files.isEmpty ? [InputFile(path: nil)] : files.map { InputFile(path: $0 == "-" ? nil : $0) }
    }

    /// The framing to read `input` with: `--from`, else the extension, else sniffed (nil).
    /// Nil too for CSV and TSV, which are not JSON (`csvDialect(for:)`).
    func framing(for input: InputFile) -> InputFraming? {
        guard let from else { return input.framingFromExtension }
        return from.framing
    }

    /// `input` is read as YAML: `--from yaml`, or no `--from` and a `.yaml`/`.yml` name.
    func isYAML(_ input: InputFile) -> Bool {
        from.map { $0 == .yaml } ?? input.hasYAMLExtension
    }

    /// Whether the run reads one input that may be a lone value rather than a list of records:
    /// one JSON text or YAML document, never CSV or TSV rows. Written unchanged, such a value
    /// goes out as itself, not as a one-element array.
    var mayReadALoneValue: Bool {
        let inputs = inputs
        guard inputs.count == 1, csvDialect(for: inputs[0]) == nil else { return false }
        return isYAML(inputs[0]) || (framing(for: inputs[0]) ?? .json) == .json
    }

    /// The tabular dialect to read `input` with: `--from csv|tsv`, else the extension.
    func csvDialect(for input: InputFile) -> CSVDialect? {
        guard let from else { return input.csvDialectFromExtension }
        return from.csvDialect
    }

    /// A YAML file of at most this many bytes (still to be read) is parsed on the reading thread:
    /// below it, starting a parsing thread of its own costs more than it saves; past it, parsing
    /// beside the reads wins (on two cores, a list of small mappings breaks even near 128 KiB).
    static let yamlParsedInBackgroundPast: Int64 = 128 << 10

    /// The records of `input`, read in its format; with `items`, the elements of the array there
    /// in each YAML document (JSON envelopes are walked by the reader itself). Without
    /// `arrayElementsAreRecords`, a top-level array or a lone YAML document's sequence is one
    /// record, not a list of them, and a YAML stream with no document is one `null` record.
    /// CSV and TSV rows are scanned in chunks on several threads (not with
    /// `resumesAfterMalformedRecords`), each batch passed through `reshapingTables` there, when
    /// given.
    func recordStream(
        for input: InputFile, itemsAt items: FieldPath? = nil, arrayElementsAreRecords: Bool = true,
        resumesAfterMalformedRecords: Bool = false, reshapingTables: (@Sendable (RecordBatch) -> RecordBatch?)? = nil
    ) throws(CommandFailure) -> RecordStream {
        let source = try input.open()
        if isYAML(input) {
            var options = YAMLReaderOptions(
                version: yamlVersion, maxDepth: maxDepth, maxAliasNodes: yamlMaxAliasNodes, maxTokenLength: maxLength)
            options.sequenceItemsAreRecords = arrayElementsAreRecords
            options.emptyStreamIsNullDocument = !arrayElementsAreRecords
            let descriptor = source.descriptor
            let yamlSource: any ByteSource
            if let (start, size) = descriptor.regularFilePosition {
                options.oneDocumentAtMost = { rootIsSequence in
                    rootIsSequence && Self.holdsOneDocumentAtMost(descriptor, from: start)
                }
                options.parsesInBackground = size - start > Self.yamlParsedInBackgroundPast
                yamlSource = source
            } else {
                let spooled = SpooledYAMLSource(stream: source)
                options.oneDocumentAtMost = { spooled.holdsOneDocumentAtMost(rootIsSequence: $0) }
                yamlSource = spooled
            }
            guard let items else {
                return RecordStream(makeReader: { YAMLRecordReader(source: yamlSource, options: options) })
            }
            return RecordStream(makeReader: {
                EnvelopeItemsReader(YAMLRecordReader(source: yamlSource, options: options), items: items)
            })
        }
        if let dialect = csvDialect(for: input) {
            var options = CSVReaderOptions(
                dialect: dialect, emptyAsNull: emptyAsNull, hasHeader: !noHeader, maxTokenLength: maxLength)
            options.resumesAfterMalformedRecords = resumesAfterMalformedRecords
            if !resumesAfterMalformedRecords {
                // The cores are counted only when there are chunks to scan: an input read in order
                // from its start (one wide row) does not pay for it (on one core, chunks are
                // scanned one at a time).
                return RecordStream(
                    csvFrom: source, options: options, workers: Self.scanningThreads, reshaping: reshapingTables)
            }
            return RecordStream(makeReader: { CSVReader(source: source, options: options) })
        }
        var options = readerOptions(for: input)
        options.arrayElementsAreRecords = arrayElementsAreRecords
        options.resumesAfterMalformedRecords = resumesAfterMalformedRecords
        if options.framing == .jsonl, Self.scanningThreads > 1 {
            return RecordStream(linesFrom: source, options: options, workers: Self.scanningThreads)
        }
        if [nil, .json].contains(options.framing), arrayElementsAreRecords, options.items == nil,
            Self.scanningThreads > 1
        {
            return RecordStream(arrayElementsFrom: source, options: options, workers: Self.scanningThreads)
        }
        return RecordStream(source: source, options: options)
    }

    /// Whether a YAML file is known, from a scan of its text from `start` (made while it is
    /// parsed, once its root turns out to be a sequence), to hold one document at most, so that
    /// the sequence's items can be read as they come.
    private static func holdsOneDocumentAtMost(_ descriptor: FileDescriptor, from start: Int64) -> Bool {
        var scan = YAMLDocumentCountScan()
        let scanned = descriptor.scanAhead(from: start) { bytes in
            scan.scan(bytes)
            return !scan.mayHoldSeveralDocuments
        }
        scan.finish()
        return scanned && !scan.mayHoldSeveralDocuments
    }

    /// JSON Lines, a top-level array's elements and CSV or TSV rows are scanned on this many
    /// threads at once (one per core, up to 8).
    static let scanningThreads = min(8, ProcessInfo.processInfo.activeProcessorCount)

    /// Reader settings for `input`.
    func readerOptions(for input: InputFile) -> RecordReaderOptions {
        RecordReaderOptions(framing: framing(for: input), maxDepth: maxDepth, maxTokenLength: maxLength)
    }
}
