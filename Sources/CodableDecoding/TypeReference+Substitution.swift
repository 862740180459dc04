import CodableModels

extension TypeReference {
    /// This reference with every generic parameter replaced by its argument in `bindings`.
    ///
    /// - Throws: a `ModelProblem` at `origin` for a parameter `bindings` gives no argument.
    public func substituting(_ bindings: [String: TypeReference], origin: SourceOrigin?) throws(ModelProblem)
        -> TypeReference
    {
        switch self {
        case .parameter(let name):
            guard let bound = bindings[name] else {
                throw ModelProblem(origin: origin, message: "generic parameter '\(name)' has no argument")
            }
            return bound
        case .optional(let wrapped): return .optional(try wrapped.substituting(bindings, origin: origin))
        case .array(let element): return .array(try element.substituting(bindings, origin: origin))
        case .set(let element): return .set(try element.substituting(bindings, origin: origin))
        case .dictionary(let key, let value):
            return .dictionary(
                key: try key.substituting(bindings, origin: origin),
                value: try value.substituting(bindings, origin: origin))
        case .named(let name, let arguments):
            var substituted: [TypeReference] = []
            for argument in arguments { substituted.append(try argument.substituting(bindings, origin: origin)) }
            return .named(name, arguments: substituted)
        default: return self
        }
    }
}
