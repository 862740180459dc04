import CodableParsing

/// What reading a whole input gave: every record as compact JSON, the error that stopped the
/// reading, and (when a formatter was given and no error came) the records written back out.
struct ReadOutcome: Equatable, CustomStringConvertible {
    var records: [String] = []
    var error: String?
    var written: [UInt8] = []

    var description: String { "\(records.count) records \(records.prefix(3)), error: \(error ?? "none")" }

    /// Reads every batch of `reader`; each record also goes to `formatter`, if any.
    init(reading reader: any RecordBatchReader, writingTo formatter: (any RecordFormatter)? = nil) {
        do {
            while let batch = try reader.nextBatch() {
                append(batch, writingTo: formatter)
            }
            if let formatter {
                formatter.finish()
                written = Array(formatter.output.text.utf8)
            }
        } catch {
            stop(error)
        }
    }

    /// Nothing read yet.
    init() {}

    /// Adds the batch's records (and writes them to `formatter`, if any).
    mutating func append(_ batch: RecordBatch, writingTo formatter: (any RecordFormatter)? = nil) {
        var json = JSONWriter()
        for index in 0..<batch.count {
            let out = OutputBuffer(capacity: 256)
            json.write(batch[index], to: out)
            records.append(out.text)
            formatter?.write(batch[index], replacements: [:])
        }
    }

    /// Records the error that stopped the reading.
    mutating func stop(_ error: RecordReadError) {
        switch error {
        case .malformed(let reason, let location, _): self.error = "\(location): \(reason)"
        case .unreadable(let underlying): self.error = "unreadable: \(underlying)"
        case .invalidEnvelope(let message, let codingPath, let location, _): self.error = "\(location): \(message) at \(codingPath)"
        }
    }
}
