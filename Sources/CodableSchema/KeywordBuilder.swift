import CodableParsing

/// Compiles the keywords of one schema object, checking each keyword's type and reporting a
/// wrong one at its place in the schema file.
struct KeywordBuilder {
    let compiler: SchemaCompiler
    let document: SchemaDocument
    let position: SchemaPosition
    let info: ScanInfo
    let index: Int32
    private var members: [(key: String, keyNode: Int, value: Int)] = []

    init(compiler: SchemaCompiler, document: SchemaDocument, position: SchemaPosition, info: ScanInfo, index: Int32) {
        self.compiler = compiler
        self.document = document
        self.position = position
        self.info = info
        self.index = index
        self.members = document.members(position.node)
    }

    private func value(_ key: String) -> Int? { members.last(where: { $0.key == key })?.value }
    private func pointer(_ key: String) -> String { info.documentPointer + "/" + SchemaRegistry.escape(key) }
    private func fail(_ node: Int, _ key: String, _ message: String) -> SchemaError {
        document.error(at: node, pointer: pointer(key), "\"\(key)\" " + message)
    }

    mutating func build() throws(SchemaError) -> [Keyword] {
        let draft = info.draft
        if draft.isClassic, let ref = value("$ref") {
            return [try reference(ref, key: "$ref", dynamic: false)]
        }
        var first: [Keyword] = []
        var keywords: [Keyword] = []
        var last: [Keyword] = []
        let validation = info.validationVocabulary
        for member in members {
            let key = member.key
            let node = member.value
            guard info.draft.defines(key) else { continue }  // an annotation in this draft
            switch key {
            case "$ref": first.append(try reference(node, key: key, dynamic: false))
            case "$dynamicRef": first.append(try reference(node, key: key, dynamic: true))
            case "$recursiveRef": first.append(try reference(node, key: key, dynamic: true))
            case "type" where validation: keywords.append(Keyword(name: key, kind: .type(try types(node, key))))
            case "const" where validation: keywords.append(Keyword(name: key, kind: .const(constant(node))))
            case "enum" where validation:
                guard document.kind(node) == .array else { throw fail(node, key, "must be an array") }
                keywords.append(Keyword(name: key, kind: .enumeration(document.elements(node).map(constant))))
            case "minimum" where validation:
                let exclusive = draft == .draft4 ? try flag("exclusiveMinimum") : false
                keywords.append(Keyword(name: key, kind: .minimum(try bound(node, key), exclusive: exclusive)))
            case "maximum" where validation:
                let exclusive = draft == .draft4 ? try flag("exclusiveMaximum") : false
                keywords.append(Keyword(name: key, kind: .maximum(try bound(node, key), exclusive: exclusive)))
            case "exclusiveMinimum" where draft == .draft4, "exclusiveMaximum" where draft == .draft4:
                _ = try flag(key)  // a modifier of minimum/maximum, applied there
            case "exclusiveMinimum" where validation:
                keywords.append(Keyword(name: key, kind: .minimum(try bound(node, key), exclusive: true)))
            case "exclusiveMaximum" where validation:
                keywords.append(Keyword(name: key, kind: .maximum(try bound(node, key), exclusive: true)))
            case "multipleOf" where validation:
                let divisor = try bound(node, key)
                guard !divisor.exact.negative && !divisor.exact.isZero else {
                    throw fail(node, key, "must be a number above 0")
                }
                keywords.append(Keyword(name: key, kind: .multipleOf(divisor)))
            case "minLength" where validation:
                keywords.append(Keyword(name: key, kind: .minLength(try count(node, key))))
            case "maxLength" where validation:
                keywords.append(Keyword(name: key, kind: .maxLength(try count(node, key))))
            case "pattern" where validation:
                keywords.append(Keyword(name: key, kind: .pattern(try regex(node, key, pointer: pointer(key)))))
            case "format":
                guard document.kind(node) == .string else { throw fail(node, key, "must be a string") }
                if options.assertFormats || info.formatAssertion,
                    var format = StringFormat(rawValue: document.string(node)), format != .rfc1123Hostname
                {
                    if format == .hostname && (draft == .draft4 || draft == .draft6) { format = .rfc1123Hostname }
                    keywords.append(Keyword(name: key, kind: .format(format)))
                }
            case "minItems" where validation: keywords.append(Keyword(name: key, kind: .minItems(try count(node, key))))
            case "maxItems" where validation: keywords.append(Keyword(name: key, kind: .maxItems(try count(node, key))))
            case "uniqueItems" where validation:
                guard document.kind(node) == .true || document.kind(node) == .false else {
                    throw fail(node, key, "must be a boolean")
                }
                if document.kind(node) == .true { keywords.append(Keyword(name: key, kind: .uniqueItems)) }
            case "minProperties" where validation:
                keywords.append(Keyword(name: key, kind: .minProperties(try count(node, key))))
            case "maxProperties" where validation:
                keywords.append(Keyword(name: key, kind: .maxProperties(try count(node, key))))
            case "required" where validation:
                keywords.append(Keyword(name: key, kind: .required(try strings(node, key))))
            case "dependentRequired" where validation:
                guard document.kind(node) == .object else { throw fail(node, key, "must be an object") }
                var pairs: [(PropertyKey, [PropertyKey])] = []
                for entry in document.members(node) {
                    pairs.append((propertyKey(entry.keyNode), try strings(entry.value, key)))
                }
                keywords.append(Keyword(name: key, kind: .dependentRequired(pairs)))
            case "dependencies":  // before 2019-09; later drafts still honour it (split into the two keywords below)
                guard document.kind(node) == .object else { throw fail(node, key, "must be an object") }
                var required: [(PropertyKey, [PropertyKey])] = []
                var schemas: [(PropertyKey, Child)] = []
                for entry in document.members(node) {
                    if document.kind(entry.value) == .array {
                        if validation { required.append((propertyKey(entry.keyNode), try strings(entry.value, key))) }
                    } else {
                        schemas.append(
                            (
                                propertyKey(entry.keyNode),
                                try child(entry.value, "/\(key)/\(SchemaRegistry.escape(entry.key))")
                            ))
                    }
                }
                if !required.isEmpty { keywords.append(Keyword(name: key, kind: .dependentRequired(required))) }
                if !schemas.isEmpty { keywords.append(Keyword(name: key, kind: .dependentSchemas(schemas))) }
                for (_, schema) in schemas { compiler.inPlaceEdges[index, default: []].append(schema.node) }
            case "properties":
                keywords.append(Keyword(name: key, kind: .properties(try schemaMap(node, key))))
            case "patternProperties":
                guard document.kind(node) == .object else { throw fail(node, key, "must be an object") }
                var patterns: [(SchemaRegex, Child)] = []
                for entry in document.members(node) {
                    let expression = try regex(
                        entry.keyNode, key, pointer: pointer(key) + "/" + SchemaRegistry.escape(entry.key))
                    patterns.append((expression, try child(entry.value, "/\(key)/\(SchemaRegistry.escape(entry.key))")))
                }
                keywords.append(Keyword(name: key, kind: .patternProperties(patterns)))
            case "additionalProperties":
                var known: [PropertyKey] = []
                if let properties = value("properties") { known = try schemaMap(properties, "properties").map(\.0) }
                var patterns: [SchemaRegex] = []
                if let patternNode = value("patternProperties") {
                    for entry in document.members(patternNode) {
                        patterns.append(
                            try regex(entry.keyNode, "patternProperties", pointer: pointer("patternProperties")))
                    }
                }
                keywords.append(
                    Keyword(
                        name: key,
                        kind: .additionalProperties(try child(node, "/" + key), known: known, patterns: patterns)))
            case "propertyNames": keywords.append(Keyword(name: key, kind: .propertyNames(try child(node, "/" + key))))
            case "dependentSchemas":
                let map = try schemaMap(node, key)
                for (_, schema) in map { compiler.inPlaceEdges[index, default: []].append(schema.node) }
                keywords.append(Keyword(name: key, kind: .dependentSchemas(map)))
            case "prefixItems":
                keywords.append(Keyword(name: key, kind: .prefixItems(try schemaArray(node, key))))
            case "items":
                if draft.hasItemsArray && document.kind(node) == .array {
                    let prefix = try schemaArray(node, key)
                    keywords.append(Keyword(name: key, kind: .prefixItems(prefix)))
                    if let additional = value("additionalItems") {
                        keywords.append(
                            Keyword(
                                name: "additionalItems",
                                kind: .items(try child(additional, "/additionalItems"), from: prefix.count)))
                    }
                } else {
                    let from = draft.hasItemsArray ? 0 : value("prefixItems").map { document.elements($0).count } ?? 0
                    keywords.append(Keyword(name: key, kind: .items(try child(node, "/" + key), from: from)))
                }
            case "contains":
                var minimum: Int?
                var maximum: Int?
                if let node = value("minContains") { minimum = try count(node, "minContains") }
                if let node = value("maxContains") { maximum = try count(node, "maxContains") }
                let useBounds = draft.defines("minContains") && validation
                keywords.append(
                    Keyword(
                        name: key,
                        kind: .contains(
                            try child(node, "/" + key), min: useBounds ? minimum ?? 1 : 1,
                            max: useBounds ? maximum : nil)))
            case "allOf", "anyOf", "oneOf":
                let children = try schemaArray(node, key)
                guard !children.isEmpty else { throw fail(node, key, "must be a non-empty array of schemas") }
                compiler.inPlaceEdges[index, default: []].append(contentsOf: children.map(\.node))
                keywords.append(
                    Keyword(
                        name: key,
                        kind: key == "allOf" ? .allOf(children) : key == "anyOf" ? .anyOf(children) : .oneOf(children)))
            case "not":
                let negated = try child(node, "/not")
                compiler.inPlaceEdges[index, default: []].append(negated.node)
                keywords.append(Keyword(name: key, kind: .not(negated)))
            case "if":
                let condition = try child(node, "/if")
                var then: Child?
                var otherwise: Child?
                if let node = value("then") { then = try child(node, "/then") }
                if let node = value("else") { otherwise = try child(node, "/else") }
                compiler.inPlaceEdges[index, default: []].append(
                    contentsOf: [condition.node] + [then?.node, otherwise?.node].compactMap { $0 })
                if then != nil || otherwise != nil || !draft.isClassic {  // a lone "if" still gives annotations
                    keywords.append(Keyword(name: key, kind: .conditional(if: condition, then: then, else: otherwise)))
                }
            case "unevaluatedProperties":
                compiler.usesUnevaluated = true
                last.append(Keyword(name: key, kind: .unevaluatedProperties(try child(node, "/" + key))))
            case "unevaluatedItems":
                compiler.usesUnevaluated = true
                last.append(Keyword(name: key, kind: .unevaluatedItems(try child(node, "/" + key))))
            case "$defs", "definitions":
                guard document.kind(node) == .object else { throw fail(node, key, "must be an object") }
                for entry in document.members(node) {
                    _ = try child(entry.value, "/\(key)/\(SchemaRegistry.escape(entry.key))")
                }
            case "$id", "id", "$anchor", "$dynamicAnchor", "$schema":
                guard document.kind(node) == .string else { throw fail(node, key, "must be a string") }
            case "$recursiveAnchor":
                _ = try flag(key)
            default:
                break  // annotations and unknown keywords
            }
        }
        return first + keywords + last
    }

    private var options: SchemaOptions { compiler.options }

    /// A `$ref`, or with `dynamic` a `$dynamicRef` (2020-12) or `$recursiveRef` (2019-09).
    private func reference(_ node: Int, key: String, dynamic: Bool) throws(SchemaError) -> Keyword {
        guard document.kind(node) == .string else { throw fail(node, key, "must be a string (a URI reference)") }
        let text = document.string(node)
        let target = try compiler.resolve(text, info: info, document: document, at: node, pointer: pointer(key))
        let targetIndex = try compiler.compile(target)
        compiler.inPlaceEdges[index, default: []].append(targetIndex)
        if compiler.refSites[index] == nil {
            compiler.refSites[index] = (SchemaPosition(document: position.document, node: node), pointer(key), text)
        }
        if dynamic && key == "$recursiveRef" {
            // 2019-09: dynamic only when the target is a resource root with `$recursiveAnchor: true`.
            let recursive = SchemaRegistry.recursiveAnchor
            let anchored = compiler.registry.dynamicAnchors[target]?[recursive] == target
            return Keyword(
                name: key,
                kind: .dynamicRef(
                    Child(node: targetIndex, segment: SchemaCompiler.recursiveRefSegment),
                    anchor: anchored ? compiler.anchorID(recursive) : -1))
        }
        if dynamic {
            let fragment = URIReference.percentDecoded(URIReference(text).fragment ?? "")
            let targetDocument = compiler.registry.documents[target.document]
            var anchor = -1
            if !fragment.isEmpty, !fragment.hasPrefix("/"),
                let declared = targetDocument.member(target.node, "$dynamicAnchor"),
                targetDocument.kind(declared) == .string,
                targetDocument.string(declared) == fragment
            {
                anchor = compiler.anchorID(fragment)
            }
            return Keyword(
                name: key,
                kind: .dynamicRef(Child(node: targetIndex, segment: SchemaCompiler.dynamicRefSegment), anchor: anchor))
        }
        return Keyword(name: key, kind: .ref(Child(node: targetIndex, segment: SchemaCompiler.refSegment)))
    }

    private func child(_ node: Int, _ segment: String) throws(SchemaError) -> Child {
        let kind = document.kind(node)
        guard kind == .object || kind == .true || kind == .false else {
            throw document.error(
                at: node, pointer: info.documentPointer + segment,
                "a schema must be an object or a boolean, found \(kind.phrase)")
        }
        let childPosition = SchemaPosition(document: position.document, node: node)
        if compiler.registry.scanned[childPosition] == nil {
            var childInfo = info
            childInfo.resourcePointer += segment
            childInfo.documentPointer += segment
            try compiler.registry.scan(childPosition, inherited: childInfo)
        }
        return Child(node: try compiler.compile(childPosition), segment: compiler.segment(segment))
    }

    private func schemaArray(_ node: Int, _ key: String) throws(SchemaError) -> [Child] {
        guard document.kind(node) == .array else { throw fail(node, key, "must be an array of schemas") }
        var children: [Child] = []
        for (offset, element) in document.elements(node).enumerated() {
            children.append(try child(element, "/\(key)/\(offset)"))
        }
        return children
    }

    private func schemaMap(_ node: Int, _ key: String) throws(SchemaError) -> [(PropertyKey, Child)] {
        guard document.kind(node) == .object else { throw fail(node, key, "must be an object") }
        var map: [(PropertyKey, Child)] = []
        for entry in document.members(node) {
            map.append(
                (propertyKey(entry.keyNode), try child(entry.value, "/\(key)/\(SchemaRegistry.escape(entry.key))")))
        }
        return map
    }

    /// A boolean keyword's value (false when absent).
    private func flag(_ key: String) throws(SchemaError) -> Bool {
        guard let node = value(key) else { return false }
        switch document.kind(node) {
        case .true: return true
        case .false: return false
        default: throw fail(node, key, "must be a boolean")
        }
    }

    private func propertyKey(_ node: Int) -> PropertyKey {
        PropertyKey(bytes: document.stringBytes(node), text: document.string(node))
    }

    private func strings(_ node: Int, _ key: String) throws(SchemaError) -> [PropertyKey] {
        guard document.kind(node) == .array, document.elements(node).allSatisfy({ document.kind($0) == .string }) else {
            throw fail(node, key, "must be an array of strings")
        }
        return document.elements(node).map(propertyKey)
    }

    private func types(_ node: Int, _ key: String) throws(SchemaError) -> TypeSet {
        let names = document.kind(node) == .array ? document.elements(node) : [node]
        var set: TypeSet = []
        for name in names {
            guard document.kind(name) == .string,
                let type = TypeSet.names.first(where: { $0.0 == document.string(name) })?.1
            else {
                throw document.error(
                    at: name, pointer: pointer(key),
                    "\"type\" must name JSON types (null, boolean, object, array, number, string, integer)")
            }
            set.insert(type)
        }
        return set
    }

    private func count(_ node: Int, _ key: String) throws(SchemaError) -> Int {
        guard document.kind(node) == .number else { throw fail(node, key, "must be a non-negative integer") }
        let number = JSONNumber(document.token(node))
        guard number.isInteger, !number.negative else { throw fail(node, key, "must be a non-negative integer") }
        return number.digits.count + number.exponent > 18 ? Int.max : Int(number.doubleValue)
    }

    private func bound(_ node: Int, _ key: String) throws(SchemaError) -> NumberBound {
        guard document.kind(node) == .number else { throw fail(node, key, "must be a number") }
        let token = document.token(node)
        let text = String(decoding: token, as: UTF8.self)
        return token.withUnsafeBufferPointer { buffer in
            NumberBound(
                exact: JSONNumber(token: buffer), integer: JSONNumber.smallInteger(buffer),
                double: ExactDecimal.double(buffer), text: text)
        }
    }

    private func regex(_ node: Int, _ key: String, pointer: String) throws(SchemaError) -> SchemaRegex {
        guard document.kind(node) == .string else { throw fail(node, key, "must be a string (a regular expression)") }
        let source = document.string(node)
        switch Result(catching: { () throws(SchemaRegex.Failure) in try SchemaRegex(compiling: source) }) {
        case .success(let expression):
            return expression
        case .failure(.syntax(let problem)):
            throw document.error(
                at: node, pointer: pointer,
                "\"\(source)\" is not a valid regular expression: \(problem.reason) (at character \(problem.offset + 1))"
            )
        case .failure(.unsupported):
            throw document.error(
                at: node, pointer: pointer,
                "\"\(source)\" is a valid ECMA-262 regular expression that this validator cannot run (ICU rejects it; a lookbehind of unbounded length, say)"
            )
        }
    }

    /// Copies a value onto its own tape (for `const` and `enum`).
    private func constant(_ node: Int) -> ConstantValue {
        let span = document.node(node).span
        var copied: [JSONNode] = []
        var low = Int.max
        var high = 0
        for offset in 0..<span {
            let entry = document.node(node + offset)
            copied.append(entry)
            low = min(low, Int(entry.start))
            let isContainer = entry.kind == .array || entry.kind == .object
            let length =
                isContainer
                ? 1 : document.batch.bytes.withUnsafeBufferPointer { entry.tokenLength(in: $0.baseAddress!) }
            high = max(high, Int(entry.start) + length)
        }
        for offset in copied.indices { copied[offset].start -= UInt32(low) }
        return ConstantValue(nodes: copied, bytes: document.batch.bytes.bytes(in: low..<high))
    }
}
