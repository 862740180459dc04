import CodableDates
import CodableDecoding
import CodableModels
import CodableParsing
import Foundation

/// What a decode came to: the re-encoded output, or the error.
enum Outcome: Equatable, CustomStringConvertible {
    case output(String)
    case failure(kind: String, path: [String], message: String)

    var description: String {
        switch self {
        case .output(let text): return text
        case .failure(let kind, let path, let message): return "\(kind) at \(path): \(message)"
        }
    }
}

/// The strategies of one parity run, for both decoders.
struct ParityOptions: Sendable, CustomStringConvertible {
    var snakeCase = false
    var dates: DateStrategy = .reference
    var outputDates: DateStrategy = .reference
    var deferredData = false
    var nonConforming = false

    var description: String {
        var parts: [String] = []
        if snakeCase { parts.append("snake") }
        if dates != .reference || outputDates != .reference { parts.append("dates \(dates.name)->\(outputDates.name)") }
        if deferredData { parts.append("data deferred") }
        if nonConforming { parts.append("non-conforming") }
        return parts.joined(separator: ", ")
    }

    private static func foundation(_ strategy: DateStrategy) -> JSONDecoder.DateDecodingStrategy {
        switch strategy {
        case .seconds: return .secondsSince1970
        case .milliseconds: return .millisecondsSince1970
        case .iso8601: return .iso8601
        default: return .deferredToDate
        }
    }

    private static func foundationOutput(_ strategy: DateStrategy) -> JSONEncoder.DateEncodingStrategy {
        switch strategy {
        case .seconds: return .secondsSince1970
        case .milliseconds: return .millisecondsSince1970
        case .iso8601: return .iso8601
        default: return .deferredToDate
        }
    }

    /// `JSONDecoder` with these strategies.
    var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        if snakeCase { decoder.keyDecodingStrategy = .convertFromSnakeCase }
        decoder.dateDecodingStrategy = Self.foundation(dates)
        if deferredData { decoder.dataDecodingStrategy = .deferredToData }
        if nonConforming {
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        }
        return decoder
    }

    /// `JSONEncoder` with sorted keys, unescaped slashes and these strategies.
    var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = Self.foundationOutput(outputDates)
        if deferredData { encoder.dataEncodingStrategy = .deferredToData }
        if nonConforming {
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        }
        return encoder
    }

    /// codable's options for the same run, with sorted keys.
    var decodingOptions: DecodingOptions {
        DecodingOptions(
            keys: snakeCase ? .convertFromSnakeCase : .useDefaultKeys, defaultDates: DateCodec(dates),
            outputDates: DateCodec(outputDates), data: deferredData ? .deferred : .base64,
            nonConformingFloats: nonConforming
                ? .init(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN") : nil,
            writer: JSONWriterOptions(pretty: false, sortKeys: true))
    }
}

/// Runs one input through Foundation and through codable.
enum ParityRunner {
    /// `JSONDecoder().decode(T.self)` then `JSONEncoder().encode`.
    static func foundation<T: Codable>(_ type: T.Type, _ json: String, _ options: ParityOptions) -> (Outcome, T?) {
        do {
            let value = try options.decoder.decode(T.self, from: Data(json.utf8))
            do {
                return (.output(String(decoding: try options.encoder.encode(value), as: UTF8.self)), value)
            } catch {
                return (.failure(kind: "encoding", path: [], message: "\(error)"), nil)
            }
        } catch let error as DecodingError {
            switch error {
            case .keyNotFound(_, let context): return (failure("keyNotFound", context), nil)
            case .valueNotFound(_, let context): return (failure("valueNotFound", context), nil)
            case .typeMismatch(_, let context): return (failure("typeMismatch", context), nil)
            case .dataCorrupted(let context): return (failure("dataCorrupted", context), nil)
            @unknown default: return (.failure(kind: "unknown", path: [], message: "\(error)"), nil)
            }
        } catch {
            return (.failure(kind: "other", path: [], message: "\(error)"), nil)
        }
    }

    private static func failure(_ kind: String, _ context: DecodingError.Context) -> Outcome {
        .failure(kind: kind, path: context.codingPath.map(\.stringValue), message: context.debugDescription)
    }

    /// codable's decoder on the same text (one record).
    static func codable(
        _ root: TypeReference, _ json: String, _ options: ParityOptions, models: ModelSet = ParityModels.set
    ) throws -> Outcome {
        let decoder = try RecordDecoder(models: models, root: root, options: options.decodingOptions)
        let record = try ParityRunner.record(json)
        let output = OutputBuffer()
        do {
            try decoder.decode(record, to: output)
            return .output(output.text)
        } catch {
            switch error {
            case .data(let failure):
                return .failure(
                    kind: failure.kind.rawValue, path: failure.path.map(\.description), message: failure.message)
            case .model(let problem):
                return .failure(kind: "model", path: [], message: problem.message)
            }
        }
    }

    /// The one record of a single-line JSON text.
    static func record(_ json: String) throws -> Record {
        let reader = RecordReader(source: InMemoryByteSource(json), options: RecordReaderOptions(framing: .jsonl))
        guard let batch = try reader.nextBatch(), batch.count == 1 else {
            throw ParityError("not exactly one record: \(json)")
        }
        return batch[0]
    }
}

struct ParityError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
