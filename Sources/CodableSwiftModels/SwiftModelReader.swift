import CSupport
import CodableModels
import Foundation

/// Reads the team's Swift model files into a `ModelSet`, following the rules of Swift's
/// synthesized `Codable` conformance.
///
/// Every struct, class and enum the files declare becomes a `ModelType` under its qualified
/// name (`SyncUp.Attendee`):
/// - a struct or class that conforms to `Codable`/`Decodable` (directly, in an extension, or
///   through a protocol of the files that refines them) is a `.structure` of its stored
///   properties: keys from `CodingKeys`, a `let` with a literal value `.constant`, properties
///   left out of `CodingKeys` `.skipped`;
/// - an enum with a `String` or integer raw type is a `.rawEnum`, any other Codable enum a
///   `.taggedEnum` (Swift 5.5's format, with `CodingKeys` and `CaseNameCodingKeys` renames);
/// - a type whose decoding the source does not tell (a hand-written `init(from:)` or
///   `encode(to:)`, a property wrapper, a superclass, a `let` with a computed value, a property of
///   a type that is not Codable) is `.unsupported`, with a reason that names the file and line;
///   so is a type that does not conform to `Decodable` at all.
///
/// Only file syntax errors and unreadable paths are thrown: a model set with unsupported types
/// is still read, and using one of them is the decoder's error.
public struct SwiftModelReader {
    /// Creates a reader, and first makes swift-syntax's protocol conformances known to the Swift
    /// runtime: the release build sets them aside so that each start of codable scans half as
    /// many (CSupport's `codable_register_deferred_conformances`).
    public init() {
        codable_register_deferred_conformances()
    }

    /// Reads `.swift` files, and folders (every `.swift` file under them, recursively, in
    /// sorted order), into one model set.
    public func read(paths: [String]) throws(ModelReadError) -> ModelSet {
        var files: [SwiftSourceFile] = []
        var seen: Set<String> = []
        for path in try Self.swiftFiles(at: paths) where seen.insert(path).inserted {
            files.append(try SwiftSourceFile(contentsOf: path))
        }
        return try Self.models(in: files)
    }

    /// Reads Swift source held in memory (`path` names it in origins and messages).
    public func read(source: String, path: String) throws(ModelReadError) -> ModelSet {
        try Self.models(in: [SwiftSourceFile(path: path, text: source)])
    }

    static func models(in files: [SwiftSourceFile]) throws(ModelReadError) -> ModelSet {
        let index = try DeclarationIndex(files: files)
        let conformance = ConformanceChecker(index: index)
        let resolver = SwiftTypeResolver(index: index, conformance: conformance)
        var models = ModelSet()
        for type in index.allTypes {
            let shape: ModelType.Shape
            switch type.kind {
            case .protocolType, .actor: continue
            case _ where conformance.isCodingKey(type): continue
            case _ where !conformance.isDecodable(type):
                shape = .unsupported(
                    reason: "`\(type.qualifiedName)` does not conform to Codable or Decodable (\(type.location))")
            case .enumeration:
                shape = EnumBuilder(type: type, resolver: resolver, conformance: conformance).shape()
            case .structure, .classType:
                shape = StructureBuilder(type: type, resolver: resolver, conformance: conformance).shape()
            }
            models.insert(
                ModelType(
                    name: type.qualifiedName, genericParameters: type.genericParameters, shape: shape,
                    origin: type.file.origin(of: type.nameToken)))
        }
        return models
    }

    /// The `.swift` files the paths name: files as given, folders searched recursively (hidden
    /// folders such as `.build` skipped), each folder's files sorted.
    static func swiftFiles(at paths: [String]) throws(ModelReadError) -> [String] {
        var result: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ModelReadError(message: "no such model file or folder: \(path)", isIOError: true)
            }
            guard isDirectory.boolValue else {
                result.append(path)
                continue
            }
            guard let enumerator = manager.enumerator(atPath: path) else {
                throw ModelReadError(message: "cannot read the model folder \(path)", isIOError: true)
            }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
                if relative.hasSuffix(".swift") { found.append(relative) }
            }
            guard !found.isEmpty else {
                throw ModelReadError(message: "the model folder \(path) holds no .swift files")
            }
            let base = path.hasSuffix("/") ? path : path + "/"
            result += found.sorted().map { base + $0 }
        }
        return result
    }
}
