import CodableDates
import CodableModels
import CodableParsing
import Foundation

/// Numbers, dates and the Foundation value types.
extension Walker {
    /// An integer of any width: range-checked, whole floats accepted, written as the integer.
    mutating func integer(_ type: IntegerType, _ index: Int) throws(WalkStop) {
        let node = nodes[index]
        guard node.kind == .number else { throw mismatch(type.rawValue, index) }
        let token = node.token(in: bytes)
        guard let (negative, magnitude) = NumberText.integer(token, as: type) else {
            throw doesNotFit(token, type.rawValue, index)
        }
        if magnitude == 0 {
            out.append(UInt8(ascii: "0"))
            return
        }
        if token.count <= 20 && !token.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) {
            out.append(token.baseAddress!, count: token.count)
            return
        }
        write(negative ? "-\(magnitude)" : "\(magnitude)")
    }

    func doesNotFit(_ token: UnsafeBufferPointer<UInt8>, _ type: String, _ index: Int) -> WalkStop {
        failure(
            .dataCorrupted, "Parsed JSON number <\(String(decoding: token, as: UTF8.self))> does not fit in \(type).",
            node: index)
    }

    /// A `Double`: written in Swift's shortest form (`1e+16`, `0.1`, `-0`).
    mutating func double(_ index: Int) throws(WalkStop) {
        let node = nodes[index]
        guard node.kind == .number else {
            if let value = nonConforming(index) {
                writeNonConforming(value)
                return
            }
            throw mismatch("Double", index)
        }
        let token = node.token(in: bytes)
        let canonical = NumberText.canonicalDoubleLength(token)
        if canonical > 0 {
            out.append(token.baseAddress!, count: canonical)
            return
        }
        guard let value = NumberText.double(token) else { throw doesNotFit(token, "Double", index) }
        write(NumberText.text(value))
    }

    /// A `Float`: parsed as a `Float`, written in its shortest form (`1.2345679e+08`).
    mutating func float(_ index: Int) throws(WalkStop) {
        let node = nodes[index]
        guard node.kind == .number else {
            if let value = nonConforming(index) {
                writeNonConforming(value)
                return
            }
            throw mismatch("Float", index)
        }
        let token = node.token(in: bytes)
        guard let value = NumberText.float(token) else { throw doesNotFit(token, "Float", index) }
        write(NumberText.text(value))
    }

    /// A string that the non-conforming float strategy names: +1 (infinity), -1, or 0 (NaN).
    func nonConforming(_ index: Int) -> Int? {
        guard let strings = options.nonConformingFloats, nodes[index].kind == .string else { return nil }
        let text = nodes[index].stringValue(in: bytes)
        if text == strings.positiveInfinity { return 1 }
        if text == strings.negativeInfinity { return -1 }
        if text == strings.nan { return 0 }
        return nil
    }

    mutating func writeNonConforming(_ value: Int) {
        guard let strings = options.nonConformingFloats else { return }
        let text = value > 0 ? strings.positiveInfinity : value < 0 ? strings.negativeInfinity : strings.nan
        write(DecodePlan.quoted(text))
    }

    /// A `Decimal`, as Foundation parses and prints it (38 significant digits).
    mutating func decimal(_ index: Int) throws(WalkStop) {
        let node = nodes[index]
        // For a string, a bool or a container Foundation's `typeMismatch` has an empty message;
        // codable words it as Foundation does for every other number type.
        guard node.kind == .number else { throw mismatch("Decimal", index) }
        let token = node.token(in: bytes)
        guard let value = Decimal(string: String(decoding: token, as: UTF8.self), locale: nil), !value.isNaN else {
            throw doesNotFit(token, "Decimal", index)
        }
        write(value.description)
    }

    /// A `Date`: read with the model's strategy, else the first path rule naming its path,
    /// else the default strategy; written with the output strategy. Numbers and ISO-8601 strings are read from
    /// the token and ISO-8601 written into the output without building strings.
    mutating func date(_ fixed: DateCodec?, _ index: Int) throws(WalkStop) {
        let codec = fixed ?? dateCodec()
        let node = nodes[index]
        guard node.kind == .number || node.kind == .string else {
            // Foundation asks for a `Date` before its strategy reads a `Double` or a `String`.
            if node.kind == .null { throw mismatch("Date", index) }
            switch codec.strategy {
            case .iso8601, .format: throw mismatch("String", index)
            default: throw mismatch("Double", index)
            }
        }
        let decoded: DecodedDate
        do throws(DateDecodingError) {
            switch (node.kind, codec.strategy) {
            case (.number, .reference), (.number, .seconds), (.number, .milliseconds):
                let token = node.token(in: bytes)
                guard let number = NumberText.double(token) else {
                    throw DateDecodingError.invalidNumber(String(decoding: token, as: UTF8.self))
                }
                let kind: DateKind =
                    codec.strategy == .seconds ? .seconds : codec.strategy == .milliseconds ? .milliseconds : .reference
                decoded = DecodedDate(date: DateCodec.date(number, as: kind), kind: kind)
            case (.number, _):
                decoded = try codec.decode(.number(String(decoding: node.token(in: bytes), as: UTF8.self)))
            case (.string, _) where !node.hasEscapes:
                decoded = try codec.decode(
                    stringUTF8: UnsafeBufferPointer(
                        start: bytes + Int(node.start) + 1, count: node.tokenLength(in: bytes) - 2))
            default:
                decoded = try codec.decode(.string(node.stringValue(in: bytes)))
            }
        } catch {
            if error.isTypeMismatch {
                let type = error == .expectedString ? "String" : "Double"
                throw failure(
                    .typeMismatch, "Expected to decode \(type) but found \(found(index)) instead.", node: index)
            }
            if case .invalidNumber(let text) = error {
                throw failure(.dataCorrupted, "Parsed JSON number <\(text)> does not fit in Double.", node: index)
            }
            // Foundation on Linux reports this at the date's container; codable names the value.
            throw failure(.dataCorrupted, error.description, node: index)
        }
        try writeDate(decoded.date, index)
    }

    private mutating func writeDate(_ date: Date, _ index: Int) throws(WalkStop) {
        let output = options.outputDates
        switch output.strategy {
        case .iso8601, .auto:
            let t = date.timeIntervalSinceReferenceDate
            guard t.isFinite, ISO8601Formatter.supportedIntervals.contains(t) else {
                let error: DateEncodingError = t.isFinite ? .outOfRange(t) : .nonFinite(t)
                throw failure(.dataCorrupted, error.description, node: index)
            }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ISO8601Formatter.maximumLength + 2) { buffer in
                let base = buffer.baseAddress!
                base[0] = UInt8(ascii: "\"")
                let length = ISO8601Formatter.write(interval: t, to: base + 1)
                base[length + 1] = UInt8(ascii: "\"")
                out.append(base, count: length + 2)
            }
        default:
            do { write(try output.encode(date)) } catch {
                throw failure(.dataCorrupted, error.description, node: index)
            }
        }
    }

    private func dateCodec() -> DateCodec {
        guard !options.dateRules.isEmpty else { return options.defaultDates }
        let path = currentPath()
        return options.dateRules.first { $0.matches(path) }?.codec ?? options.defaultDates
    }

    /// A `URL`: a string `URL(string:)` accepts, written as its `absoluteString`.
    mutating func url(_ index: Int) throws(WalkStop) {
        if nodes[index].kind == .null { throw mismatch("URL", index) }
        guard nodes[index].kind == .string else { throw mismatch("String", index) }
        guard let url = URL(string: nodes[index].stringValue(in: bytes)) else {
            throw failure(.dataCorrupted, "Invalid URL string.", node: index)
        }
        writeQuoted(url.absoluteString)
    }

    /// A `UUID`: `8-4-4-4-12` hexadecimal digits in either case, written uppercase.
    mutating func uuid(_ index: Int) throws(WalkStop) {
        let node = nodes[index]
        guard node.kind == .string else { throw mismatch("String", index) }
        let content = node.stringBytes(in: bytes)
        guard content.count == 36 else { throw badUUID(index) }
        var upper = [UInt8](repeating: 0, count: 38)
        upper[0] = UInt8(ascii: "\"")
        upper[37] = UInt8(ascii: "\"")
        for (offset, byte) in content.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { throw badUUID(index) }
                upper[offset + 1] = byte
            } else {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"):
                    upper[offset + 1] = byte
                case UInt8(ascii: "a")...UInt8(ascii: "f"): upper[offset + 1] = byte - 0x20
                default: throw badUUID(index)
                }
            }
        }
        write(upper)
    }

    private func badUUID(_ index: Int) -> WalkStop {
        failure(.dataCorrupted, "Attempted to decode UUID from invalid UUID string.", node: index)
    }

    /// `Data`: base64 (as `Data(base64Encoded:)` accepts it, written back canonical), or with
    /// the deferred strategy an array of bytes.
    mutating func data(_ index: Int, level: Int) throws(WalkStop) {
        if nodes[index].kind == .null {
            throw failure(.valueNotFound, "Cannot get value of type Data -- found null value instead", node: index)
        }
        if options.data == .deferred {
            try array(plan.byteNode, index, level: level, unique: false)
            return
        }
        let node = nodes[index]
        guard node.kind == .string else { throw mismatch("String", index) }
        // Read where it stands, and written back a slice at a time: through Strings, a huge
        // base64 string would be held several times over.
        let decoded: Data?
        if node.hasEscapes {
            decoded = Data(base64Encoded: node.stringValue(in: bytes))
        } else {
            let token = node.token(in: bytes)
            let content = UnsafeMutableRawPointer(mutating: token.baseAddress! + 1)
            decoded = Data(base64Encoded: Data(bytesNoCopy: content, count: token.count - 2, deallocator: .none))
        }
        guard let decoded else {
            throw failure(.dataCorrupted, "Encountered Data is not valid Base64.", node: index)
        }
        out.append(UInt8(ascii: "\""))
        var start = decoded.startIndex
        while start < decoded.endIndex {  // whole groups of three bytes encode alone as they do together
            let end = min(start + Self.base64SliceBytes, decoded.endIndex)
            decoded[start..<end].base64EncodedData().withUnsafeBytes {
                out.append($0.baseAddress!.assumingMemoryBound(to: UInt8.self), count: $0.count)
            }
            start = end
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The bytes of `Data` encoded as base64 at a time: whole groups of three.
    private static var base64SliceBytes: Int { 3 << 14 }
}
