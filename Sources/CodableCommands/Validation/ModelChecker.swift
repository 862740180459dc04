import CodableDecoding
import CodableModels
import CodableParsing
import CodableReports
import Foundation

/// `validate --model`: each record decoded as a Swift model type with `JSONDecoder`'s rules;
/// every place where decoding would throw is a problem (the decoder's collect-every-problem
/// mode), not only the first.
///
/// `RecordDecoder` is not thread-safe, so batches checked in parallel each borrow one from a
/// small pool.
final class ModelChecker: RecordChecker, @unchecked Sendable {
    let subject: ValidationSubject
    private let models: ModelSet
    private let root: TypeReference
    private let options: DecodingOptions
    private let typeName: String
    private let lock = NSLock()
    private var idle: [RecordDecoder] = []

    /// Compiles the decoder once, so that a model that cannot decode is a located usage error
    /// before any record is read.
    init(models: ModelSet, root: TypeReference, type: String, sources: [String], options: DecodingOptions)
        throws(CommandFailure)
    {
        self.models = models
        self.root = root
        self.options = options
        self.typeName = type
        do { idle = [try RecordDecoder(models: models, root: root, options: options)] } catch {
            throw .invalidModel(place: error.origin?.description, message: error.printedMessage)
        }
        subject = ValidationSubject(kind: "model", source: sources.joined(separator: ", "), type: type)
    }

    /// The type is an array (`[T]`): each input is checked whole, not element by element.
    var checksWholeArrays: Bool {
        if case .array = root { true } else { false }
    }

    func findings(in record: Record, limit: Int, each: (CheckerFinding) -> Void) throws(CommandFailure) {
        let decoder = borrow()
        defer { giveBack(decoder) }
        do {
            try decoder.problems(in: record, limit: limit) { failure in
                each(
                    CheckerFinding(
                        node: failure.node, instancePath: Self.pointer(failure.path), rule: failure.kind.rawValue,
                        ruleLocation: failure.codingPath(after: typeName), absoluteRuleLocation: nil,
                        message: failure.message))
            }
        } catch {
            throw .invalidModel(place: error.origin?.description, message: error.printedMessage)
        }
    }

    private func borrow() -> RecordDecoder {
        lock.lock()
        defer { lock.unlock() }
        if let decoder = idle.popLast() { return decoder }
        // The same models, root and options compiled in init: this cannot throw.
        return try! RecordDecoder(models: models, root: root, options: options)
    }

    private func giveBack(_ decoder: RecordDecoder) {
        lock.lock()
        idle.append(decoder)
        lock.unlock()
    }

    /// A coding path as a JSON Pointer into the record (`/owner/email`, `/tags/1`).
    static func pointer(_ path: [CodingPathComponent]) -> String {
        path.map { component in
            switch component {
            case .key(let key):
                return "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            case .index(let index): return "/\(index)"
            }
        }.joined()
    }
}
