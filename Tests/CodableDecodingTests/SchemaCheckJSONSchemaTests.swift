import CodableDecoding
import CodableModels
import CodableParsing
import CodableSchemaGeneration
import Foundation
import Testing

/// An independent validator, check-jsonschema (Python `jsonschema`, formats asserted), run on
/// the generated schemas with the inputs of both agreement corpora, agrees with the decoder on
/// at least 95 % of them. The rest are mostly date strings: `format: date-time` is RFC 3339,
/// stricter than what `.iso8601` reads. Skipped when check-jsonschema is not installed.
@Suite(.enabled(if: CheckJSONSchema.path != nil, "check-jsonschema is not installed"))
struct SchemaCheckJSONSchemaTests {
    /// The inputs of one schema, with the decoder's verdicts.
    struct Group {
        var schema: String
        var inputs: [(json: String, decoded: Bool)] = []
    }

    @Test func agreesWithTheDecoderOnAtLeast95Percent() throws {
        var groups: [String: Group] = [:]
        func add(_ models: ModelSet, _ root: TypeReference, _ json: String, _ options: DecodingOptions) throws {
            let key = "\(root) \(SchemaAgreementCorpus.label(options))"
            if groups[key] == nil {
                let schema = try SchemaGenerator(models: models, options: options).schema(for: root)
                groups[key] = Group(schema: schema.prettyText)
            }
            let decoder = try RecordDecoder(models: models, root: root, options: options)
            let decoded = (try? decoder.decode(try ParityRunner.record(json), to: OutputBuffer())) != nil
            groups[key]!.inputs.append((json, decoded))
        }
        let parityModels = try ParityModels.fromSource.get()
        for parity in ParityCorpus.all {
            try add(parityModels, parity.model.root, parity.json, parity.options.decodingOptions)
        }
        let models = try SchemaAgreementCorpus.models()
        for item in SchemaAgreementCorpus.all { try add(models, item.root, item.json, item.options) }

        var agreed = 0
        var total = 0
        var differing: [String] = []
        let keys = groups.keys.sorted()
        // Eight processes at a time: each spends most of its second starting Python.
        for start in stride(from: 0, to: keys.count, by: 8) {
            let batch = keys[start..<min(start + 8, keys.count)]
            let runs = try batch.map { try Run(groups[$0]!) }
            for (key, run) in zip(batch, runs) {
                let rejected = try run.rejected()
                for (index, input) in groups[key]!.inputs.enumerated() {
                    total += 1
                    if rejected.contains(index) != input.decoded {
                        agreed += 1
                    } else {
                        differing.append("\(key): \(input.json) (decoder \(input.decoded ? "accepts" : "refuses"))")
                    }
                }
            }
        }
        let percent = Double(agreed) * 100 / Double(total)
        #expect(total >= 900)
        print("check-jsonschema agrees with the decoder on \(agreed) of \(total) inputs (\(percent) %)")
        #expect(percent >= 95, "check-jsonschema agrees on \(agreed) of \(total): \(differing.joined(separator: "\n"))")
    }

    /// check-jsonschema running on one group's schema and inputs, in a folder of their own.
    struct Run {
        let folder: URL
        let process = Process()

        init(_ group: Group) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "codable-schema-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let schema = folder.appendingPathComponent("schema.json")
            try Data(group.schema.utf8).write(to: schema)
            var files: [String] = []
            for (index, input) in group.inputs.enumerated() {
                let file = folder.appendingPathComponent("\(index).json")
                try Data(input.json.utf8).write(to: file)
                files.append(file.path)
            }
            let report = folder.appendingPathComponent("report")
            _ = FileManager.default.createFile(atPath: report.path, contents: nil)
            process.executableURL = URL(fileURLWithPath: CheckJSONSchema.path!)
            process.arguments = ["--schemafile", schema.path, "-o", "json"] + files
            process.standardOutput = try FileHandle(forWritingTo: report)
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// The indices of the inputs check-jsonschema rejects (waits for it).
        func rejected() throws -> Set<Int> {
            process.waitUntilExit()
            defer { try? FileManager.default.removeItem(at: folder) }
            let data = try Data(contentsOf: folder.appendingPathComponent("report"))
            let report = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            var rejected = Set<Int>()
            for key in ["errors", "parse_errors"] {
                for error in report[key] as? [[String: Any]] ?? [] {
                    guard let name = error["filename"] as? String else { continue }
                    let base = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
                    if let index = Int(base) { rejected.insert(index) }
                }
            }
            return rejected
        }
    }
}

/// Where check-jsonschema is on `PATH`, if it is.
enum CheckJSONSchema {
    static let path: String? = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/check-jsonschema"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()
}
