import CodableParsing

/// Turns the events of one document into nodes on the tape: scalars resolved by the schema,
/// tags checked, anchors remembered and aliases copied (within the alias limit), merge keys
/// applied when their mapping closes.
struct YAMLDocumentBuilder {
    /// The tape of the batch being built.
    let tape = YAMLTape()
    /// Index of the current document's root node.
    private(set) var documentStart = 0

    private let options: YAMLReaderOptions
    private var resolver: YAMLScalarResolver
    private var stack: [Frame] = []
    private var anchors: [String: (start: Int, span: Int)] = [:]
    /// Anchors dropped because a merge moved their nodes (for a clear error on their aliases).
    private var movedAnchors: Set<String> = []
    private var aliasNodes = 0
    private var scratch: [UInt8] = []
    /// The document's root is a sequence whose items are the records: it has no node of its
    /// own, and each item is handed on once it is whole (`YAMLReaderOptions.oneDocumentAtMost`).
    private(set) var streamsRootSequence = false
    /// The first nodes of the root sequence's items that were completed since the reader last
    /// took them (`forgetCompletedItems`).
    private(set) var completedItems: [Int] = []
    /// The first node of the root sequence's item being built.
    private var itemStart = 0
    /// Documents started so far: only the first one's root sequence may be streamed.
    private var documentsStarted = 0

    /// An open container.
    private struct Frame {
        let node: Int
        let isMapping: Bool
        /// The root sequence of a streamed document (`node` is -1: it has no node).
        var isStreamedRoot = false
        var members = 0
        /// Mappings: the next scalar or alias is a key.
        var expectingKey = true
        let anchor: String?
        /// Key nodes of `<<` members.
        var mergeKeys: [Int] = []
    }

    init(options: YAMLReaderOptions) {
        self.options = options
        self.resolver = YAMLScalarResolver(version: options.version)
    }

    /// Starts a document: anchors and the alias count are per document.
    mutating func startDocument() {
        documentStart = tape.count
        tape.startRecord()
        stack.removeAll(keepingCapacity: true)
        anchors.removeAll(keepingCapacity: true)
        movedAnchors.removeAll(keepingCapacity: true)
        aliasNodes = 0
        streamsRootSequence = false
        completedItems.removeAll(keepingCapacity: true)
        documentsStarted += 1
    }

    /// The reader took `completedItems` (their storage is kept for the next ones).
    mutating func forgetCompletedItems() {
        completedItems.removeAll(keepingCapacity: true)
    }

    /// Items already completed may be handed on: between two items of a streamed root
    /// sequence, with no anchor defined so far (an alias copies its anchor's nodes from the
    /// tape, so they must stay on it).
    var mayHandOnItems: Bool { streamsRootSequence && stack.count == 1 && anchors.isEmpty }

    /// When the document's root is a sequence on the tape (a failure came before the document's
    /// end), its items completed so far (their first nodes) and where the last one ends: read as
    /// records, like the items a streamed root sequence hands on before a failure.
    func itemsOfRootSequence() -> (items: [Int], end: Int)? {
        guard !streamsRootSequence, documentStart < tape.count, tape[documentStart].kind == .array else { return nil }
        // While the document is open, its root's size is not set: its completed items are counted.
        let members = stack.first?.members ?? tape.memberCount(of: documentStart)
        var items: [Int] = []
        var child = documentStart + 1
        for _ in 0..<members {
            items.append(child)
            child += tape[child].span
        }
        return (items, child)
    }

    /// The reader took the tape's nodes (between documents, or between the items of a streamed
    /// root sequence): node indices start from 0 again.
    mutating func tapeWasTaken() {
        documentStart = 0
    }

    /// Adds one node event (scalar, alias, start or end of a container) to the document;
    /// `offset` is where the event starts in the input (absolute, modulo 2^32).
    mutating func handle(_ event: YAMLEvent, bytes: UnsafePointer<UInt8>, offset: UInt32) throws(YAMLReadFailure) {
        if stack.count == 1 && stack[0].isStreamedRoot {
            itemStart = tape.count
            tape.startRecord()
        }
        // The first document's root starts: asked once, with its kind, whether the input holds
        // one document at most (for a sequence, its items are then handed on as they come).
        let streamsRoot =
            stack.isEmpty && documentsStarted == 1
            && options.oneDocumentAtMost?(event.kind == .sequenceStart) == true && event.kind == .sequenceStart
            && options.sequenceItemsAreRecords
        switch event.kind {
        case .scalar:
            let value = UnsafeBufferPointer(start: bytes + event.valueStart, count: event.valueLength)
            guard value.count <= options.maxTokenLength else {
                throw YAMLReadFailure(.tooLong(limit: options.maxTokenLength), offset: offset)
            }
            let tag =
                event.tagLength < 0
                ? nil : YAMLTag(UnsafeBufferPointer(start: bytes + event.tagStart, count: event.tagLength))
            let index: Int
            if isKeyPosition {
                if let tag, tag != .str && tag != .nonSpecific && tag != .merge {
                    throw YAMLReadFailure(
                        "mapping keys must be strings here (the key is tagged \(tag.name))", offset: offset)
                }
                let isMerge =
                    tag == .merge
                    || (tag == nil && event.isPlain && value.count == 2 && value[0] == UInt8(ascii: "<")
                        && value[1] == UInt8(ascii: "<"))
                index = tape.appendString(value, at: offset)
                if isMerge { stack[stack.count - 1].mergeKeys.append(index) }
            } else {
                index = try appendScalar(value, tag: tag, plain: event.isPlain, at: offset)
            }
            // Nodes point into the tape's bytes with 32-bit offsets: a document whose scalars
            // go past them fails here (the documents before it in the batch stay whole).
            guard tape.bytes.count <= options.maxRecordBytes else {
                throw YAMLReadFailure(.recordTooLarge(limit: options.maxRecordBytes), offset: offset)
            }
            if event.anchorLength >= 0 { anchors[name(event.anchorStart, event.anchorLength, in: bytes)] = (index, 1) }
            didAppendValue()
        case .alias:
            let name = name(event.valueStart, event.valueLength, in: bytes)
            guard let (start, span) = anchors[name] else {
                if movedAnchors.contains(name) {
                    throw YAMLReadFailure(
                        "alias *\(name) names an anchor inside a mapping that a merge key (<<) rebuilt; codable cannot follow it: move the anchor out of that mapping",
                        offset: offset)
                }
                throw YAMLReadFailure(
                    "alias *\(name) names no anchor before it (or one that contains the alias)", offset: offset)
            }
            aliasNodes += span
            guard aliasNodes <= options.maxAliasNodes else {
                throw YAMLReadFailure(.tooManyAliasNodes(limit: options.maxAliasNodes), offset: offset)
            }
            if isKeyPosition {
                let node = tape[start]
                guard span == 1 else {
                    throw YAMLReadFailure(
                        "mapping keys must be strings, not a mapping or sequence (alias *\(name))", offset: offset)
                }
                if node.kind == .string {
                    tape.appendCopy(from: start, span: 1)
                } else {
                    let token = tape.token(of: start)
                    token.withUnsafeBufferPointer { _ = tape.appendString($0, at: tape.offset(of: start)) }
                }
            } else {
                tape.appendCopy(from: start, span: span)
            }
            didAppendValue()
        case .sequenceStart, .mappingStart:
            let isMapping = event.kind == .mappingStart
            if isKeyPosition {
                throw YAMLReadFailure(
                    "mapping keys must be strings, not a \(isMapping ? "mapping" : "sequence")", offset: offset)
            }
            if event.tagLength >= 0,
                case let tag = YAMLTag(UnsafeBufferPointer(start: bytes + event.tagStart, count: event.tagLength)),
                tag != (isMapping ? .map : .seq)
            {
                throw YAMLReadFailure(
                    "unsupported tag \(tag.name) on a \(isMapping ? "mapping" : "sequence")", offset: offset)
            }
            guard stack.count < options.maxDepth else {
                throw YAMLReadFailure(.tooDeep(limit: options.maxDepth), offset: offset)
            }
            if streamsRoot {
                streamsRootSequence = true
                stack.append(Frame(node: -1, isMapping: false, isStreamedRoot: true, anchor: nil))
                return
            }
            let node = tape.openContainer(isMapping ? .object : .array, at: offset)
            let anchor = event.anchorLength < 0 ? nil : name(event.anchorStart, event.anchorLength, in: bytes)
            stack.append(Frame(node: node, isMapping: isMapping, anchor: anchor))
        case .sequenceEnd, .mappingEnd:
            let frame = stack.removeLast()
            if frame.isStreamedRoot { return }
            if !frame.mergeKeys.isEmpty {
                try applyMerges(frame)
                // The rebuild moved the nodes inside this mapping: anchors among them no longer
                // point at their values, so aliases to them are refused rather than followed.
                for (name, anchor) in anchors where anchor.start > frame.node {
                    anchors[name] = nil
                    movedAnchors.insert(name)
                }
            }
            guard tape.count - frame.node - 1 <= options.maxValues else {
                throw YAMLReadFailure(.tooManyValues(limit: options.maxValues), offset: tape.offset(of: frame.node))
            }
            tape.close(frame.node)
            if let anchor = frame.anchor { anchors[anchor] = (frame.node, tape.count - frame.node) }
            didAppendValue()
        default:
            break
        }
    }

    /// An anchor or alias name held in the event batch's `bytes`.
    private func name(_ start: Int, _ length: Int, in bytes: UnsafePointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(start: bytes + start, count: length), as: UTF8.self)
    }

    private var isKeyPosition: Bool {
        // Two fields read, not the frame copied (with its anchor and merge keys).
        let top = stack.count - 1
        return top >= 0 && stack[top].isMapping && stack[top].expectingKey
    }

    /// A key or value (scalar, alias or closed container) was appended to the open container.
    private mutating func didAppendValue() {
        guard !stack.isEmpty else { return }
        let top = stack.count - 1
        if stack[top].isMapping {
            if stack[top].expectingKey { stack[top].members += 1 }
            stack[top].expectingKey.toggle()
        } else {
            stack[top].members += 1
            if stack[top].isStreamedRoot { completedItems.append(itemStart) }
        }
    }

    /// Appends a value scalar: plain and untagged ones resolved by the schema, tagged ones as
    /// their tag says, quoted and block ones as strings.
    private mutating func appendScalar(
        _ value: UnsafeBufferPointer<UInt8>, tag: YAMLTag?, plain: Bool, at offset: UInt32
    ) throws(YAMLReadFailure) -> Int {
        let resolution: YAMLScalarResolver.Resolution
        switch tag {
        case nil:
            resolution = plain ? resolver.resolvePlain(value) : .string
        case .str?, .nonSpecific?, .timestamp?:
            resolution = .string
        case .binary?:
            return try appendBinary(value, at: offset)
        case .int?, .float?, .bool?, .null?:
            resolution = resolver.resolve(value, as: tag!)
            if resolution == .mismatch {
                throw YAMLReadFailure(
                    "\"\(String(decoding: value, as: UTF8.self))\" is not a valid \(tag!.name)", offset: offset)
            }
        case let other?:
            throw YAMLReadFailure(
                "unsupported tag \(other.name) (known: !!str, !!int, !!float, !!bool, !!null, !!binary)", offset: offset
            )
        }
        switch resolution {
        case .null: return tape.appendLiteral(.null, at: offset)
        case .true: return tape.appendLiteral(.true, at: offset)
        case .false: return tape.appendLiteral(.false, at: offset)
        case .number:
            guard resolver.number.count <= JSONNode.maxNumberLength else {
                throw YAMLReadFailure(.numberTooLong(limit: JSONNode.maxNumberLength), offset: offset)
            }
            return resolver.number.withUnsafeBufferPointer { tape.appendNumber($0, at: offset) }
        case .string, .mismatch: return tape.appendString(value, at: offset)
        case .nonFinite:
            throw YAMLReadFailure(
                "\(String(decoding: value, as: UTF8.self)) is not a number JSON can hold; quote it to keep it as a string",
                offset: offset)
        case .tooLarge:
            throw YAMLReadFailure(
                "integer \(String(decoding: value, as: UTF8.self)) does not fit in 64 bits", offset: offset)
        }
    }

    /// `!!binary`: base64 text (line breaks and spaces allowed), kept as a base64 string.
    private mutating func appendBinary(_ value: UnsafeBufferPointer<UInt8>, at offset: UInt32) throws(YAMLReadFailure)
        -> Int
    {
        scratch.removeAll(keepingCapacity: true)
        for byte in value where byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 {
            let isBase64 =
                (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
            guard isBase64 else {
                throw YAMLReadFailure("!!binary holds a character that is not base64", offset: offset)
            }
            scratch.append(byte)
        }
        guard scratch.count % 4 == 0 else {
            throw YAMLReadFailure("!!binary is not valid base64 (its length is not a multiple of 4)", offset: offset)
        }
        return scratch.withUnsafeBufferPointer { tape.appendString($0, at: offset) }
    }

    /// Rebuilds a closed mapping with its `<<` members replaced by the members of the mappings
    /// they name: keys written in the mapping win, then earlier merged mappings over later ones.
    /// Merged members take the place of the `<<` member.
    private mutating func applyMerges(_ frame: Frame) throws(YAMLReadFailure) {
        let mergeKeys = Set(frame.mergeKeys)
        var members: [(key: Int, value: Int)] = []
        var child = frame.node + 1
        for _ in 0..<frame.members {
            members.append((child, child + 1))
            child += 1 + tape[child + 1].span
        }
        var seen = Set<[UInt8]>()
        for member in members where !mergeKeys.contains(member.key) { seen.insert(tape.token(of: member.key)) }
        var rebuilt: [(node: JSONNode, offset: UInt32)] = []
        func copy(_ start: Int, _ span: Int) {
            for index in start..<(start + span) { rebuilt.append((tape[index], tape.offset(of: index))) }
        }
        for member in members {
            guard mergeKeys.contains(member.key) else {
                copy(member.key, 1 + tape[member.value].span)
                continue
            }
            let value = tape[member.value]
            var sources: [Int] = []
            switch value.kind {
            case .object: sources = [member.value]
            case .array:
                for element in tape.children(of: member.value) {
                    guard tape[element].kind == .object else {
                        throw YAMLReadFailure(
                            "a merge key (<<) takes mappings; this element is not one", offset: tape.offset(of: element)
                        )
                    }
                    sources.append(element)
                }
            default:
                throw YAMLReadFailure(
                    "a merge key (<<) takes a mapping or a sequence of mappings", offset: tape.offset(of: member.value))
            }
            for source in sources {
                for key in tape.children(of: source) where seen.insert(tape.token(of: key)).inserted {
                    copy(key, 1 + tape[key + 1].span)
                }
            }
        }
        tape.replaceContents(after: frame.node, with: rebuilt)
    }
}
