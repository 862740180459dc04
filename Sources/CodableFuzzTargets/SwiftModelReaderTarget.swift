import CodableModels
import CodableSwiftModels

/// The Swift model reader (swift-syntax to the model IR) and `--type` text.
///
/// Invariants: any source text reads as models or gives a located `ModelReadError` (no trap, no
/// endless recursion through typealiases or inheritance); every type it reads can be named by
/// `--type`, alone and inside `[…]` and `[String: …]`.
enum SwiftModelReaderTarget {
    static let target = FuzzTarget(
        name: "swift-model-reader",
        summary: "SwiftModelReader.read(source:) on any text; every model type read is reachable through --type text",
        seedFolders: ["Samples/models", "Tests/CodableDecodingTests", "Scripts/bench"],
        run: run)

    static func run(_ input: UnsafeBufferPointer<UInt8>) {
        guard input.count <= 16 << 10 else { return }
        let source = String(decoding: input, as: UTF8.self)
        guard let models = try? SwiftModelReader().read(source: source, path: "Fuzz.swift") else { return }
        for name in models.types.keys.sorted().prefix(20) {
            // One argument per generic parameter (`Page<T, U>` is named `Page<String, String>`).
            let parameters = models[name]?.genericParameters.count ?? 0
            let generic =
                parameters == 0 ? "" : "<" + Array(repeating: "String", count: parameters).joined(separator: ", ") + ">"
            for text in ["\(name)\(generic)", "[\(name)\(generic)]", "[String: \(name)\(generic)]"] {
                do {
                    _ = try models.reference(parsing: text)
                } catch {
                    require(false, "--type \(text) is refused for a type the reader read: \(error.message)")
                }
            }
        }
        _ = try? models.reference(parsing: source)  // any text as --type: a reference or an error
    }
}
