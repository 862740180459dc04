import CodableModels
import Foundation
import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

import enum CodableParsing.LineBreaks

/// One parsed `.swift` file: its syntax tree and what turns positions into lines and columns.
final class SwiftSourceFile {
    /// The path as the user named it (or as found under a folder the user named).
    let path: String
    let tree: SourceFileSyntax
    private let converter: SourceLocationConverter
    private let bytes: [UInt8]

    /// Parses `text`; a syntax error is a `ModelReadError` at the first problem the parser found.
    init(path: String, text: String) throws(ModelReadError) {
        self.path = path
        let bytes = Array(text.utf8)
        if let (offset, excess) = NestingPrecheck.firstExcess(in: bytes) {
            throw ModelReadError(origin: Self.origin(ofOffset: offset, in: bytes, path: path), message: excess.message)
        }
        let tree = Parser.parse(source: text)
        // Before anything walks the tree by recursion (the location converter does).
        if let (node, excess) = SyntaxDepth.firstExcess(in: tree) {
            throw ModelReadError(
                origin: Self.origin(
                    ofOffset: node.positionAfterSkippingLeadingTrivia.utf8Offset, in: bytes, path: path),
                message: excess.message)
        }
        self.tree = tree
        self.bytes = bytes
        self.converter = SourceLocationConverter(fileName: path, tree: tree)
        if tree.hasError {
            if let token = Self.equalWithUnfixableSpacing(in: tree) {
                throw ModelReadError(
                    origin: origin(of: token),
                    message: "syntax error: '=' must have consistent whitespace on both sides")
            }
            let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
            if let first = diagnostics.first(where: { $0.diagMessage.severity == .error }) ?? diagnostics.first {
                throw ModelReadError(
                    origin: origin(ofPosition: first.position), message: "syntax error: \(first.message)")
            }
            throw ModelReadError(origin: origin(of: Syntax(tree)), message: "syntax error")
        }
    }

    /// An `=` that swift-syntax (603) would trap on: the lexer flags it for whitespace on one
    /// side only (a stray character such as U+FFFD touches it: `let a \u{FFFD}= 1`), yet there
    /// is a space on both sides, so the fix-it it makes for it has no change, which
    /// `ParseDiagnosticsGenerator` does not allow. Reported here, before the generator runs.
    private static func equalWithUnfixableSpacing(in tree: SourceFileSyntax) -> TokenSyntax? {
        func hasSpace(_ trivia: Trivia?) -> Bool {
            trivia?.contains { piece in
                switch piece {
                case .spaces, .tabs: return true
                default: return false
                }
            } ?? false
        }
        for token in tree.tokens(viewMode: .sourceAccurate)
        where token.tokenDiagnostic?.kind == .equalMustHaveConsistentWhitespaceOnBothSides {
            if hasSpace(token.previousToken(viewMode: .all)?.trailingTrivia) && hasSpace(token.trailingTrivia) {
                return token
            }
        }
        return nil
    }

    /// Reads and parses the file at `path`.
    convenience init(contentsOf path: String) throws(ModelReadError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ModelReadError(message: "cannot read the model file \(path)", isIOError: true)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ModelReadError(
                origin: SourceOrigin(file: path, line: 1, column: 1), message: "the model file is not UTF-8 text")
        }
        try self.init(path: path, text: text)
    }

    /// Where a node starts (after its leading trivia: comments, attributes' own lines).
    func origin(of node: some SyntaxProtocol) -> SourceOrigin {
        origin(ofPosition: node.positionAfterSkippingLeadingTrivia)
    }

    /// The file, line and character column of a position.
    func origin(ofPosition position: AbsolutePosition) -> SourceOrigin {
        let location = converter.location(for: position)
        return SourceOrigin(file: path, line: location.line, column: characterColumn(location))
    }

    /// The file, line and character column of a byte offset, before there is a tree to ask
    /// (swift-syntax makes a converter from a tree only; from text is deprecated).
    /// Lines end at LF, CRLF or a lone CR, as swift-syntax's converter counts them.
    private static func origin(ofOffset offset: Int, in bytes: [UInt8], path: String) -> SourceOrigin {
        let lines = bytes.withUnsafeBufferPointer { LineBreaks.returnOrLineFeed.breaks(in: $0, from: 0, to: offset) }
        let lineStart = lines.lastEnd ?? 0
        return SourceOrigin(
            file: path, line: lines.count + 1, column: characterColumn(of: offset, lineStart: lineStart, in: bytes))
    }

    /// `File.swift:12`, as reasons name a declaration.
    func shortLocation(of node: some SyntaxProtocol) -> String {
        let origin = origin(of: node)
        return "\(origin.file):\(origin.line)"
    }

    /// The converter's columns count UTF-8 bytes; `SourceOrigin` counts characters.
    private func characterColumn(_ location: SourceLocation) -> Int {
        guard location.column > 1 else { return location.column }
        let lineStart = converter.position(ofLine: location.line, column: 1)
        let start = lineStart.utf8Offset
        let end = min(start + location.column - 1, bytes.count)
        guard start <= end else { return location.column }
        return Self.characterColumn(of: end, lineStart: start, in: bytes)
    }

    /// The 1-based column, in characters, of byte `offset` on the line that starts at byte
    /// `lineStart`.
    private static func characterColumn(of offset: Int, lineStart: Int, in bytes: [UInt8]) -> Int {
        String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
    }
}
