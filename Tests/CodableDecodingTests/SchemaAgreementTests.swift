import CodableDecoding
import CodableModels
import CodableParsing
import CodableSchema
import CodableSchemaGeneration
import Foundation
import Testing

/// The schema `SchemaGenerator` writes for a model, checked by codable's validator, gives the
/// same verdict as codable's decoder (and as Foundation's `JSONDecoder`) on every input of the
/// parity corpus and of `SchemaAgreementCorpus`: valid inputs, and each broken in every way.
///
/// The inputs where they differ are the few that no JSON Schema keyword can tell apart
/// (`inexpressible`); the test fails on any other difference, and when one of those stops
/// being one (the list is then stale).
@Suite struct SchemaAgreementTests {
    /// Parts of inputs on which the verdicts differ, each for a reason no schema can express.
    static let inexpressible: [(part: String, reason: String)] = [
        (#""big":9223372036854775807.0"#, "a whole number with a fraction is read as a Double: 2^63, too big"),
        (#""big":1.00000000000000000001"#, "read as a Double, it is the integer 1"),
        (#"{"name":"a","name":5"#, "of repeated keys the first wins"),
        (#""byFlag":[true,"t",false]"#, "a key-value pair array of odd length"),
        (#""owners":["0E8F2C1A-3B4D-4E5F-8A9B-0C1D2E3F4A5B"]"#, "a key-value pair array of odd length"),
    ]

    static func isInexpressible(_ json: String) -> Bool {
        inexpressible.contains { json.contains($0.part) }
    }

    /// One verdict disagreement, for the failure message.
    struct Disagreement: CustomStringConvertible {
        var input: String
        var decoder: Bool
        var schema: Bool
        var description: String {
            "\(input): decoder \(decoder ? "accepts" : "refuses"), schema \(schema ? "accepts" : "refuses")"
        }
    }

    @Test(arguments: GeneratedSchemaDraft.allCases)
    func theParityCorpus(_ draft: GeneratedSchemaDraft) throws {
        let models = try ParityModels.fromSource.get()
        var checker = VerdictChecker(models: models, draft: draft)
        var foundationDisagreements: [String] = []
        for parity in ParityCorpus.all {
            let options = parity.options.decodingOptions
            let verdicts = try checker.verdicts(parity.model.root, parity.json, options: options)
            if verdicts.decoder != verdicts.schema {
                checker.disagreements.append(
                    .init(input: parity.json, decoder: verdicts.decoder, schema: verdicts.schema))
            }
            // Foundation decoding (encoding failures are no decoding verdict).
            var accepted = false
            switch parity.model.foundation(parity.json, parity.options) {
            case .output: accepted = true
            case .failure(let kind, _, _): accepted = kind == "encoding"
            }
            if accepted != verdicts.schema { foundationDisagreements.append(parity.json) }
        }
        #expect(checker.checked >= 400)
        checker.expectOnlyInexpressible(checker.disagreements.map(\.input), expected: 4)
        checker.expectOnlyInexpressible(foundationDisagreements, expected: 4)
    }

    @Test(arguments: GeneratedSchemaDraft.allCases)
    func theSchemaCorpus(_ draft: GeneratedSchemaDraft) throws {
        var checker = VerdictChecker(models: try SchemaAgreementCorpus.models(), draft: draft)
        var foundationDisagreements: [String] = []
        var accepted = 0
        for item in SchemaAgreementCorpus.all {
            let verdicts = try checker.verdicts(item.root, item.json, options: item.options)
            if verdicts.decoder { accepted += 1 }
            if verdicts.decoder != verdicts.schema {
                checker.disagreements.append(
                    .init(input: item.json, decoder: verdicts.decoder, schema: verdicts.schema))
            }
            if item.foundation(item.json) != verdicts.schema { foundationDisagreements.append(item.json) }
        }
        #expect(checker.checked >= 400)
        #expect(accepted >= 100 && accepted <= checker.checked - 100, "valid and invalid inputs both")
        checker.expectOnlyInexpressible(checker.disagreements.map(\.input), expected: 2)
        checker.expectOnlyInexpressible(foundationDisagreements, expected: 2)
    }
}

/// Generates, compiles and caches a schema per root and options, and gives both verdicts.
struct VerdictChecker {
    let models: ModelSet
    let draft: GeneratedSchemaDraft
    var schemas: [String: CompiledSchema] = [:]
    var disagreements: [SchemaAgreementTests.Disagreement] = []
    var checked = 0

    init(models: ModelSet, draft: GeneratedSchemaDraft) {
        self.models = models
        self.draft = draft
    }

    /// Every input in `disagreements` is a known inexpressible one, and there are `expected`.
    func expectOnlyInexpressible(
        _ disagreements: [String], expected: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let unexpected = disagreements.filter { !SchemaAgreementTests.isInexpressible($0) }
        #expect(
            unexpected.isEmpty, "\(unexpected.count) of \(checked): \(unexpected.prefix(20).joined(separator: "\n"))",
            sourceLocation: sourceLocation)
        #expect(disagreements.count == expected, "\(disagreements)", sourceLocation: sourceLocation)
    }

    mutating func verdicts(_ root: TypeReference, _ json: String, options: DecodingOptions) throws -> (
        decoder: Bool, schema: Bool
    ) {
        checked += 1
        let record = try ParityRunner.record(json)
        let decoder = try RecordDecoder(models: models, root: root, options: options)
        let decoded: Bool
        do {
            try decoder.decode(record, to: OutputBuffer())
            decoded = true
        } catch {
            decoded = false
        }
        let key = "\(root) \(SchemaAgreementCorpus.label(options))"
        let compiled: CompiledSchema
        if let known = schemas[key] {
            compiled = known
        } else {
            let schema = try SchemaGenerator(models: models, options: options, draft: draft).schema(for: root)
            compiled = try CompiledSchema(
                bytes: Array(schema.prettyText.utf8), name: "\(root).json", options: SchemaOptions())
            schemas[key] = compiled
        }
        return (decoded, compiled.isValid(record))
    }
}
