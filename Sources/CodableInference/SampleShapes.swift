import CodableModels
import CodableParsing

/// The shape of every sample added so far, kept without the samples: add records as they are
/// read, then `infer` the models.
public final class SampleShapes {
    private let root = ValueShape(isDateNamed: false)

    /// Samples added.
    public private(set) var count = 0

    /// An empty set of samples.
    public init() {}

    /// Adds every record of `batch`.
    public func add(_ batch: RecordBatch) {
        guard batch.count > 0 else { return }
        batch.bytes.withUnsafeBufferPointer { bytes in
            batch.nodes.withNodes { nodes in
                for root in batch.roots { self.root.record(Int(root), nodes, bytes.baseAddress!) }
            }
        }
        count += batch.count
    }

    /// Whether `name` can name the root type: an identifier, no keyword, and none of the
    /// types the generated source uses (`Date`, `JSONValue`).
    public static func isRootName(_ name: String) -> Bool {
        SwiftNames.isIdentifier(name) && !SwiftNames.keywords.contains(name)
            && !InferredNames.reservedTypeNames.contains(name)
    }

    /// The models that decode every sample added, the root one named `rootName` (a Swift
    /// identifier); with `convertingFromSnakeCase`, for a decoder that converts keys.
    public func infer(rootName: String, convertingFromSnakeCase: Bool = false) throws(InferenceError)
        -> InferredModel
    {
        guard Self.isRootName(rootName) else { throw .badTypeName(rootName) }
        guard count > 0 else { throw .noSamples }
        guard root.kinds == [.object] else {
            throw .rootNotObject(kinds: root.kinds.map { "\($0)" } + (root.nulls > 0 ? ["null"] : []))
        }
        var builder = ModelBuilder(convertsFromSnakeCase: convertingFromSnakeCase)
        let declaration = builder.build(root: root, named: rootName)
        return InferredModel(
            models: builder.models, root: .named(rootName, arguments: []), rootName: rootName,
            dateStrategy: builder.dateStrategy, convertsFromSnakeCase: convertingFromSnakeCase, sampleCount: count,
            declaration: declaration, wrappers: builder.wrappers.sorted(), usesJSONValue: builder.usesJSONValue)
    }
}

/// Why no model can be inferred.
public enum InferenceError: Error, Sendable, Equatable {
    /// No sample was read.
    case noSamples
    /// The root type's name is no Swift type name.
    case badTypeName(String)
    /// Some sample is not an object (the root is a struct): the kinds seen.
    case rootNotObject(kinds: [String])

    /// What to tell the user.
    public var message: String {
        switch self {
        case .noSamples: return "no samples to infer a model from: the input holds no records"
        case .badTypeName(let name): return "'\(name)' is not a Swift type name"
        case .rootNotObject(let kinds):
            return
                "every sample must be a JSON object to infer a struct; the samples hold \(kinds.joined(separator: ", "))"
        }
    }
}
