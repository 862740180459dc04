import ArgumentParser
import CodableModels
import CodableSchemaModels
import CodableSwiftModels

/// Which model records decode as: Swift source (`--model` with `--type`).
struct ModelOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A Swift source file, or a folder of them, that declares the model types. Repeatable.",
            valueName: "file.swift"))
    var model: [String] = []

    @Option(
        help: ArgumentHelp(
            "The type each record decodes as (Todo, Page<Todo>); [T] decodes each input as one array.",
            valueName: "name"))
    var type: String?

    /// The model types and the type records decode as (`command` names who asks, for the
    /// usage error).
    func load(for command: String = "decode") throws(CommandFailure) -> (models: ModelSet, root: TypeReference) {
        guard !model.isEmpty else {
            throw .usage("\(command) needs a model: --model FILE.swift (or a folder) with --type NAME")
        }
        guard let type, !type.isEmpty else {
            throw .usage("--model needs --type NAME: the type each record decodes as")
        }
        do {
            let models = try SwiftModelReader().read(paths: model)
            return (models, try models.reference(parsing: type))
        } catch {
            throw CommandFailure(error)
        }
    }
}

extension ModelOptions {
    /// The models a JSON Schema describes (`decode --schema`). Alone, records decode as its root
    /// type or the definition `--type` names. With `--model`, the schema supplies types the Swift
    /// source cannot (a hand-written `init(from:)`, a property wrapper): each of its types, named
    /// by `title` or `$defs` key, replaces the Swift type of that name.
    func loadSchema(_ path: String) throws(CommandFailure) -> (models: ModelSet, root: TypeReference) {
        do {
            let (schemaModels, root) = try SchemaModelReader().read(path: path)
            guard !model.isEmpty else {
                guard let type, !type.isEmpty else { return (schemaModels, root) }
                return (schemaModels, try schemaModels.reference(parsing: type))
            }
            guard let type, !type.isEmpty else {
                throw CommandFailure.usage("--model needs --type NAME: the type each record decodes as")
            }
            var models = try SwiftModelReader().read(paths: model)
            for supplied in schemaModels.types.values { models.insert(supplied) }
            return (models, try models.reference(parsing: type))
        } catch let failure as CommandFailure {
            throw failure
        } catch let error as ModelReadError {
            throw CommandFailure(error)
        } catch {
            throw .usage("\(error)")
        }
    }
}

extension CommandFailure {
    /// A model that cannot be read: exit status 2, or 3 when a file could not be read.
    init(_ error: ModelReadError) {
        if error.isIOError {
            self = .unreadableModel(place: error.origin?.file, reason: "cannot read model: \(error.message)")
        } else {
            self = .invalidModel(place: error.origin?.description, message: error.printedMessage)
        }
    }
}
