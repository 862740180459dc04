import SwiftSyntax

/// Bounds on how deep a parsed model file's syntax tree goes, checked (without recursion) before
/// anything walks the tree by recursion: the diagnostics generator, and codable's own reading of
/// types.
///
/// The parser builds chains of postfix syntax in a loop, so their depth has no bound of its own:
/// `Int???…` or `A.B.C…` is a type thousands of levels deep, `x!!!…` an expression. Reading
/// such a type takes time quadratic in its depth, and some thousands of levels overflow the
/// stack. Models nest types a few levels; past 128 (or a tree 1 000 deep) the file is refused.
enum SyntaxDepth {
    /// What goes too deep.
    enum Excess: Equatable, Sendable {
        case type, tree

        /// The most allowed.
        var limit: Int { self == .type ? 128 : 1_000 }

        /// The message that refuses the file.
        var message: String {
            switch self {
            case .type:
                return "a type nested more than \(limit) deep: codable does not read such a model"
            case .tree:
                return "code nested more than \(limit) deep: codable does not read such a model"
            }
        }
    }

    /// The first node (in a depth-first walk) that goes past a bound, and which, or nil. A type's
    /// depth counts the types it is inside of (`[Int]?`: the optional 1, the array 2, `Int` 3).
    static func firstExcess(in tree: SourceFileSyntax) -> (node: Syntax, excess: Excess)? {
        var pending: [(node: Syntax, depth: Int, typeDepth: Int)] = [(Syntax(tree), 0, 0)]
        while let (node, depth, outerTypeDepth) = pending.popLast() {
            let typeDepth = node.is(TypeSyntax.self) ? outerTypeDepth + 1 : outerTypeDepth
            if typeDepth > Excess.type.limit { return (node, .type) }
            if depth > Excess.tree.limit { return (node, .tree) }
            // Children pushed last to first: the first child is looked at first.
            let start = pending.count
            for child in node.children(viewMode: .sourceAccurate) { pending.append((child, depth + 1, typeDepth)) }
            pending[start...].reverse()
        }
        return nil
    }
}
